# Shared set-up for .ci/serve, .ci/test and .ci/bench. Each `need_*`
# installs one thing if it is missing and says so; when everything is
# present they only check versions, so a second run is quick.
# Only package registries are used: crates.io, npm, Debian.

set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$ROOT/tests/e2e/node_modules/.bin:$PATH"

# Each step says how long the script has run (bash's SECONDS), so a slow
# step shows in the log.
say() { printf '\033[1m==> [%d:%02d] %s\033[0m\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*" >&2; }

TRUNK_VERSION=0.21.14

# The wasm-bindgen crate is pinned with `=` in Cargo.toml; the CLI must match it.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

need_rust_target() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
}

need_trunk() {
  if ! trunk --version 2>/dev/null | grep -q "trunk $TRUNK_VERSION"; then
    say "installing trunk $TRUNK_VERSION (about 7 minutes, once)"
    cargo install trunk --version "$TRUNK_VERSION" --locked
  fi
}

need_wasm_bindgen() {
  local want
  want="$(wasm_bindgen_version)"
  if ! wasm-bindgen --version 2>/dev/null | grep -q " $want"; then
    say "installing wasm-bindgen-cli $want (matches Cargo.lock)"
    # Without --locked: with it the registry lacks a pinned dependency.
    cargo install wasm-bindgen-cli --version "$want"
  fi
}

# playwright-core (drives Chromium), binaryen (wasm-opt for release builds),
# terser (minifies the release build's JavaScript, in the site program, src/site) and
# axe-core (the accessibility audit).
need_node_tools() {
  if ! command -v npm >/dev/null; then
    say "installing Node.js and npm from Debian"
    as_root apt-get update
    as_root apt-get install -y nodejs npm
  fi
  if [ ! -x tests/e2e/node_modules/.bin/wasm-opt ] || [ ! -x tests/e2e/node_modules/.bin/terser ] \
     || [ ! -d tests/e2e/node_modules/playwright-core ] || [ ! -d tests/e2e/node_modules/axe-core ] \
     || [ tests/e2e/package-lock.json -nt tests/e2e/node_modules/.package-lock.json ]; then
    say "installing playwright-core, binaryen, terser and axe-core from npm"
    (cd tests/e2e && npm ci --no-audit --no-fund)
  fi
}

need_chromium() {
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    say "installing Chromium and ChromeDriver from Debian"
    as_root apt-get update
    as_root apt-get install -y chromium chromium-driver
  fi
  export CHROMEDRIVER="$(command -v chromedriver)"
}

# The two engines besides Chromium, for the smoke test in
# tests/e2e/engines.mjs: Firefox ESR and WebKitGTK (Safari's engine, with
# its WebDriver server and MiniBrowser, which draws on Xvfb's virtual
# display: it has no headless mode) from Debian, geckodriver from
# crates.io.
GECKODRIVER_VERSION=0.37.1
need_engines() {
  if [ ! -x /usr/bin/firefox-esr ] || [ ! -x /usr/bin/WebKitWebDriver ] || ! command -v Xvfb >/dev/null; then
    say "installing Firefox ESR, WebKitGTK's WebDriver and Xvfb from Debian"
    as_root apt-get update
    as_root apt-get install -y firefox-esr webkit2gtk-driver xvfb
  fi
  if ! geckodriver --version 2>/dev/null | grep -q "geckodriver $GECKODRIVER_VERSION"; then
    say "installing geckodriver $GECKODRIVER_VERSION from crates.io (once)"
    cargo install geckodriver --version "$GECKODRIVER_VERSION" --locked
  fi
}
need_python() {
  command -v python3 >/dev/null || { as_root apt-get update; as_root apt-get install -y python3; }
}

# Open MPI, and clang/libclang for the mpi crate's generated bindings: the
# commbook-mpi runner (mpi/README.md) builds and is tested with them.
need_mpi() {
  if ! command -v mpirun >/dev/null || ! command -v mpicc >/dev/null \
     || ! dpkg-query -W -f='${Status}' libclang-dev 2>/dev/null | grep -q 'ok installed'; then
    say "installing Open MPI and libclang from Debian (for commbook-mpi)"
    as_root apt-get update
    as_root apt-get install -y openmpi-bin libopenmpi-dev libclang-dev clang
  fi
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# Builds the release site for serving from a sub-path into target/site/<sub>.
build_site() {
  local sub="${1:-commbook}"
  say "building the release site for /$sub/"
  trunk build --release --public-url "/$sub/" --dist "target/site/$sub"
}

# Serves target/site on a free port and sets SITE_PORT. Call it directly,
# not in $(…), so the server belongs to the calling script and stops with it.
serve_site() {
  local port
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  python3 -m http.server "$port" --bind 127.0.0.1 --directory target/site >/dev/null 2>&1 &
  SERVER_PID=$!
  trap 'kill $SERVER_PID 2>/dev/null || true' EXIT
  for _ in $(seq 50); do
    if python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null; then break; fi
    sleep 0.1
  done
  SITE_PORT="$port"
}

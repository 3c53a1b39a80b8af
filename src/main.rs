//! One binary, two faces. Natively this is the `commbook` CLI; built for
//! wasm32 by trunk it starts the book in the browser.

#[cfg(target_arch = "wasm32")]
fn main() {
    commbook::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(commbook::cli::main(&argv));
}

//! The help text.

/// `commbook-mpi --help`.
pub const USAGE: &str = "\
commbook-mpi: run the book's schedules over MPI, check every byte, time every phase

usage: mpirun -np P commbook-mpi <command> [--option value ...] [--json]
       (here: mpirun --allow-run-as-root --oversubscribe -np P ...)

commands (the book's options, exactly as `commbook <command>` takes them):
  schedule    --algo ac|lp|gm|cgm|rs-n|rs-nl|rs-nh|rs-nlh|ls|ps|bs|gs (--gen ... | --com FILE)
              [--seed S] [--machine M] [--scan zero|after-row] [--topology T] [--split H]
              --gen fig7|random|nonuniform|mesh --n N --d D ... as for `commbook com`
  exchange    --algo lex|pex|rex|bex|bruck|shift|linear --p P [--bytes L]
  collective  --op scatter|gather|alltoall --algo NAME --mesh RxC [--root R] [--gamma G] [--bytes L]
  redist      --k K --p P --schedule direct|indirect|hybrid:D|multiphase [--x X] [--n N]
              [--direction up|down]
  The schedule must be for as many processors as there are ranks (-np).

runner options for those four:
  --sync barrier|loose   a barrier before every phase, or none (default loose)
  --repeat N             run N times; report min and median (default 1)
  --timeout S            abort if a phase takes longer than S seconds (default 60)
  --preset FILE          price the model on a measured machine (from calibrate)
  --baseline alltoallv   also move the same messages with MPI_Alltoallv
  --baseline alltoall:linear|pairwise|bruck|auto
                         a complete exchange of equal blocks: also run Open MPI's
                         MPI_Alltoall with that algorithm forced (auto: its own rule);
                         the runner sets the coll/tuned MCA parameters itself
  --json                 print the timeline (schema commbook-timeline/1)

  calibrate   ping-pong over message sizes; fits tau + M*phi and prints a machine preset
              [--sizes 8,64,...] [--repeat N] [--peer R | --pairs all] [--out FILE] [--timeout S] [--json]
  table       LEX, PEX, REX and BEX against the model and MPI_Alltoallv, as Markdown
              [--bytes 256,1024,4096,16384] [--repeat N] [--preset FILE] [--sync S] [--timeout S]

exit status: 0 every byte verified; 1 a byte wrong, missing or doubled;
2 bad input (a message on stderr; a wrong -np names the -np needed); 3 a phase timed out.
";

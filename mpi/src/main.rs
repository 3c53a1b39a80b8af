//! `commbook-mpi`: run under `mpirun -np P`; see `mpi/README.md` and
//! `commbook-mpi --help`.

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    // Open MPI reads its MCA parameters when MPI starts: a forced
    // MPI_Alltoall baseline sets them first.
    commbook_mpi::tuned::prepare_environment(&argv);
    let Some(universe) = mpi::initialize() else {
        eprintln!("commbook-mpi: error: MPI could not be initialised");
        std::process::exit(commbook_mpi::EXIT_USAGE);
    };
    let code = commbook_mpi::main(&universe.world(), &argv);
    // MPI_Finalize before the exit status, so mpirun sees a clean exit.
    drop(universe);
    std::process::exit(code);
}

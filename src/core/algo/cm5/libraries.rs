//! Which all-to-all algorithm today's MPI libraries run for `MPI_Alltoall`
//! of p processes and blocks of `bytes` bytes, as functions of (p, bytes)
//! with their sources (chapter 14's map).
//!
//! - **MPICH** ([`mpich`]): Thakur, Rabenseifner and Gropp, "Optimization of
//!   collective communication operations in MPICH", IJHPCA 19(1), 2005:
//!   Bruck's algorithm for short blocks, every isend and irecv posted at
//!   once for medium ones, and for long ones the pairwise exchange (XOR
//!   pairing when p is a power of two, the shift otherwise). The
//!   thresholds are MPICH's defaults, `MPIR_CVAR_ALLTOALL_SHORT_MSG_SIZE`
//!   = 256 and `MPIR_CVAR_ALLTOALL_MEDIUM_MSG_SIZE` = 32768 bytes, with
//!   Bruck only from 8 processes on (`src/mpi/coll/alltoall.c` of MPICH
//!   3.2: `nbytes <= short && comm_size >= 8`, then `nbytes <= medium`).
//! - **Open MPI 4.1** ([`open_mpi`]): the `tuned` component's fixed
//!   decision rule, `ompi_coll_tuned_alltoall_intra_dec_fixed` in
//!   `ompi/mca/coll/tuned/coll_tuned_decision_fixed.c` of v4.1.4, a table
//!   of thresholds on the communicator's size and the block's bytes,
//!   transcribed in [`OPEN_MPI_41`].
//!
//! Each answer names the library's algorithm and the book's exchange that
//! moves the same blocks between the same processors in the same steps
//! ([`Choice::exchange`]): MPICH's XOR pairwise exchange is paper 004's
//! PEX; its shift, Open MPI's "pairwise", is the book's `shift`; Open MPI's
//! "linear" and "linear_sync" (which, with its default of no limit on
//! outstanding requests, posts everything at once too) and MPICH's
//! isend-irecv are the `linear` burst (MPICH posts them 32 at a time,
//! `MPIR_CVAR_ALLTOALL_THROTTLE`, so from 33 processes on its burst comes
//! in waves: the book's reading keeps it one burst; both libraries post
//! their sends in the order r − 1, r − 2, …, the mirror of the book's); Open MPI's "two_proc" on
//! two processes is one exchange, the shift by 1.

use super::exchange::Exchange;

crate::keyword_enum! {
    /// An MPI library whose selection rule the book knows.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Library {
        Mpich = "mpich",
        OpenMpi = "openmpi",
    }
}

/// What a library runs for one (p, bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The library's own name for the algorithm.
    pub algorithm: &'static str,
    /// The book's exchange that sends the same blocks in the same steps.
    pub exchange: Exchange,
}

/// MPICH's short-message threshold, bytes per block (`<=`).
pub const MPICH_SHORT: u64 = 256;
/// MPICH's medium-message threshold, bytes per block (`<=`).
pub const MPICH_MEDIUM: u64 = 32_768;
/// MPICH runs Bruck's algorithm only from this many processes on.
pub const MPICH_BRUCK_MIN_P: usize = 8;

/// MPICH's choice for p processes and blocks of `bytes` (module docs).
pub fn mpich(p: usize, bytes: u64) -> Choice {
    if bytes <= MPICH_SHORT && p >= MPICH_BRUCK_MIN_P {
        Choice {
            algorithm: "brucks",
            exchange: Exchange::Bruck,
        }
    } else if bytes <= MPICH_MEDIUM {
        Choice {
            algorithm: "isend-irecv",
            exchange: Exchange::Linear,
        }
    } else if p.is_power_of_two() {
        Choice {
            algorithm: "pairwise (xor)",
            exchange: Exchange::Pex,
        }
    } else {
        Choice {
            algorithm: "pairwise (shift)",
            exchange: Exchange::Shift,
        }
    }
}

/// One band of Open MPI 4.1's rule: communicators with fewer than `below`
/// processes (after the bands before it); in it, the first `(limit, alg)`
/// with `bytes < limit` gives the algorithm, else `otherwise`.
#[derive(Clone, Copy, Debug)]
pub struct Band {
    pub below: usize,
    pub steps: &'static [(u64, u8)],
    pub otherwise: u8,
}

/// Open MPI 4.1.4's fixed rule for `MPI_Alltoall`, band by band as the
/// source writes it (algorithm numbers as `coll_tuned_alltoall_algorithm`:
/// 1 linear, 2 pairwise, 3 modified Bruck, 4 linear_sync, 5 two_proc).
/// The last band (`below` = usize::MAX) is the source's final `else`.
pub const OPEN_MPI_41: [Band; 12] = [
    Band {
        below: 3,
        steps: &[
            (2, 2),
            (4, 5),
            (16, 2),
            (64, 5),
            (256, 2),
            (4096, 5),
            (32768, 2),
            (262144, 4),
            (1048576, 5),
        ],
        otherwise: 2,
    },
    Band {
        below: 8,
        steps: &[(8192, 4), (16384, 1), (65536, 4), (524288, 1), (1048576, 2)],
        otherwise: 1,
    },
    Band {
        below: 16,
        steps: &[(262144, 4)],
        otherwise: 1,
    },
    Band {
        below: 32,
        steps: &[
            (4, 4),
            (512, 3),
            (8192, 4),
            (32768, 1),
            (262144, 4),
            (524288, 1),
        ],
        otherwise: 4,
    },
    Band {
        below: 64,
        steps: &[(512, 3), (524288, 1)],
        otherwise: 4,
    },
    Band {
        below: 128,
        steps: &[(1024, 3), (2048, 1), (4096, 4), (262144, 1)],
        otherwise: 2,
    },
    Band {
        below: 256,
        steps: &[(1024, 3), (2048, 4), (262144, 1)],
        otherwise: 2,
    },
    Band {
        below: 512,
        steps: &[(1024, 3), (8192, 4), (32768, 1)],
        otherwise: 2,
    },
    Band {
        below: 1024,
        steps: &[(512, 3), (8192, 4), (16384, 1), (131072, 4), (262144, 1)],
        otherwise: 2,
    },
    Band {
        below: 2048,
        steps: &[(512, 3), (1024, 4), (2048, 1), (16384, 4), (262144, 1)],
        otherwise: 4,
    },
    Band {
        below: 4096,
        steps: &[(1024, 3), (4096, 4), (8192, 1), (131072, 4)],
        otherwise: 1,
    },
    Band {
        below: usize::MAX,
        steps: &[(2048, 3), (8192, 4), (16384, 1), (32768, 4), (65536, 1)],
        otherwise: 4,
    },
];

/// Open MPI's algorithm number for p processes and blocks of `bytes`.
pub fn open_mpi_number(p: usize, bytes: u64) -> u8 {
    // The source's first band is "communicator_size == 2"; p = 1 never
    // reaches the rule (a single process copies its own block).
    let band = OPEN_MPI_41
        .iter()
        .find(|b| p < b.below)
        .unwrap_or(&OPEN_MPI_41[OPEN_MPI_41.len() - 1]);
    band.steps
        .iter()
        .find(|&&(limit, _)| bytes < limit)
        .map_or(band.otherwise, |&(_, alg)| alg)
}

/// Open MPI 4.1's choice for p processes and blocks of `bytes`.
pub fn open_mpi(p: usize, bytes: u64) -> Choice {
    let (algorithm, exchange) = match open_mpi_number(p, bytes) {
        1 => ("linear", Exchange::Linear),
        2 => ("pairwise", Exchange::Shift),
        3 => ("modified_bruck", Exchange::Bruck),
        4 => ("linear_sync", Exchange::Linear),
        _ => ("two_proc", Exchange::Shift),
    };
    Choice {
        algorithm,
        exchange,
    }
}

impl Library {
    /// The library's choice for p processes and blocks of `bytes`.
    pub fn choose(self, p: usize, bytes: u64) -> Choice {
        match self {
            Library::Mpich => mpich(p, bytes),
            Library::OpenMpi => open_mpi(p, bytes),
        }
    }

    /// The library's name as people write it.
    pub fn title(self) -> &'static str {
        match self {
            Library::Mpich => "MPICH",
            Library::OpenMpi => "Open MPI 4.1",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mpich_follows_its_thresholds() {
        assert_eq!(mpich(8, 256).exchange, Exchange::Bruck);
        assert_eq!(mpich(7, 256).exchange, Exchange::Linear);
        assert_eq!(mpich(64, 257).exchange, Exchange::Linear);
        assert_eq!(mpich(64, 32_768).exchange, Exchange::Linear);
        assert_eq!(mpich(64, 32_769).exchange, Exchange::Pex);
        assert_eq!(mpich(48, 32_769).exchange, Exchange::Shift);
    }

    #[test]
    fn open_mpi_reads_its_table() {
        // Two processes: alternating pairwise and two_proc by size.
        assert_eq!(open_mpi(2, 1).algorithm, "pairwise");
        assert_eq!(open_mpi(2, 100).algorithm, "pairwise");
        assert_eq!(open_mpi(2, 1000).algorithm, "two_proc");
        // Eight ranks, as on this machine: linear_sync below 256 KB.
        assert_eq!(open_mpi(8, 8192).algorithm, "linear_sync");
        assert_eq!(open_mpi(8, 1 << 20).algorithm, "linear");
        assert_eq!(open_mpi(7, 8192).algorithm, "linear");
        // 16 to 31: modified Bruck from 4 to 511 bytes.
        assert_eq!(open_mpi(16, 3).algorithm, "linear_sync");
        assert_eq!(open_mpi(16, 4).algorithm, "modified_bruck");
        assert_eq!(open_mpi(31, 511).algorithm, "modified_bruck");
        assert_eq!(open_mpi(256, 1023).exchange, Exchange::Bruck);
        assert_eq!(open_mpi(256, 1 << 18).exchange, Exchange::Shift);
        assert_eq!(open_mpi(1024, 100).exchange, Exchange::Bruck);
        assert_eq!(open_mpi(5000, 1 << 20).algorithm, "linear_sync");
        // The bands' limits rise, and every band but the last is bounded.
        for b in &OPEN_MPI_41 {
            assert!(b.steps.windows(2).all(|w| w[0].0 < w[1].0));
            assert!(b.steps.iter().all(|&(_, a)| (1..=5).contains(&a)));
        }
        assert!(OPEN_MPI_41.windows(2).all(|w| w[0].below < w[1].below));
    }
}

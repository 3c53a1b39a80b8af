//! Moving values between rank 0 and the others as JSON bytes: rank 0
//! decides (reads the options and files, builds the plan with the core)
//! and broadcasts; every rank reports back to rank 0 with a gather.

use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Rank 0's `value` on every rank (`None` on the others).
pub fn broadcast<T: Serialize + DeserializeOwned>(
    world: &SimpleCommunicator,
    value: Option<T>,
) -> T {
    let root = world.process_at_rank(0);
    let mut bytes = value
        .map(|v| serde_json::to_vec(&v).expect("plans and settings serialise"))
        .unwrap_or_default();
    let mut len = bytes.len() as u64;
    root.broadcast_into(&mut len);
    bytes.resize(len as usize, 0);
    root.broadcast_into(&mut bytes[..]);
    serde_json::from_slice(&bytes).expect("every rank runs the same build")
}

/// Every rank's `value`, in rank order, on rank 0 (`None` elsewhere).
pub fn gather<T: Serialize + DeserializeOwned>(
    world: &SimpleCommunicator,
    value: &T,
) -> Option<Vec<T>> {
    let root = world.process_at_rank(0);
    let bytes = serde_json::to_vec(value).expect("results serialise");
    let len = bytes.len() as i32;
    if world.rank() != 0 {
        root.gather_into(&len);
        root.gather_varcount_into(&bytes[..]);
        return None;
    }
    let mut lens = vec![0i32; world.size() as usize];
    root.gather_into_root(&len, &mut lens[..]);
    let displs: Vec<i32> = lens
        .iter()
        .scan(0, |at, &l| {
            let d = *at;
            *at += l;
            Some(d)
        })
        .collect();
    let mut all = vec![0u8; lens.iter().map(|&l| l as usize).sum()];
    {
        let mut part = mpi::datatype::PartitionMut::new(&mut all[..], &lens[..], &displs[..]);
        root.gather_varcount_into_root(&bytes[..], &mut part);
    }
    Some(
        lens.iter()
            .zip(&displs)
            .map(|(&l, &d)| {
                serde_json::from_slice(&all[d as usize..(d + l) as usize])
                    .expect("every rank runs the same build")
            })
            .collect(),
    )
}

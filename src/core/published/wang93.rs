//! Paper 002: Wang, Lin, Ranka, *NICE: Non-uniform Irregular Communication
//! Exchange on Distributed Memory Systems* (1993).
//!
//! The paper reports its measurements as plots (Figures 2-3, 12-17), which
//! did not survive as numbers; what it states in the text is kept here.

/// §2.2: of 5,000 random 1 KB permutations on a 32-node CM-5, this many
/// cost within 5 % of the average.
pub const PERMUTATIONS_WITHIN_5_PERCENT: (u32, u32) = (4979, 5000);

crate::number_words! {
    /// §6: the processors of the experiments' machines, the CM-5's and the
    /// iPSC/860's.
    pub const MACHINE_NODES: [usize; 2], MACHINE_NODE_WORDS = [32, 64];
}

/// §6: the machines of the experiments (name, processors).
pub const MACHINES: [(&str, usize); 2] =
    [("CM-5", MACHINE_NODES[0]), ("iPSC/860", MACHINE_NODES[1])];

crate::number_words! {
    /// §6, test set 2: the airfoil meshes' point counts.
    pub const MESH_POINTS: [usize; 3], MESH_POINT_WORDS = [2800, 9428, 53961];
}

/// §6, test set 1: matrices per subgroup.
pub const MATRICES_PER_SUBGROUP: usize = 50;

/// §7: scheduling cost S grows in this order (cheapest first); the
/// communication cost C falls in the same order. "rs-nh" stands for both
/// splitting schemes.
pub const SCHEDULING_COST_ORDER: [&str; 5] = ["ac", "lp", "rs-n", "rs-nl", "rs-nh"];

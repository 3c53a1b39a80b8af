//! What several figures take as inputs, checked together: a generated
//! communication matrix, a mesh collective, a simulated network. Each
//! module also holds the settings (key, label, limits, default) its
//! figures share.

pub mod collective;
pub mod film;
pub mod film_remote;
pub mod matrix;
pub mod network;
mod network_params;
pub mod nice;
pub mod patterns;
pub mod redist;

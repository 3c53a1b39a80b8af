//! Numbers printed in the papers, kept verbatim so the book can draw them
//! beside live results. Each table names its paper, section and caption.

pub mod hambrusch;
pub mod lim;
pub mod ponnusamy93;
pub mod ranka94;
pub mod wang93;

//! The lab's parts (chapter 12, `ui::figures::lab`): the matrix editor,
//! the table, the selected schedule with its exports, the animator and
//! the timeline import. Compiled into the lab's wasm module only.

pub mod animate;
pub mod editor;
pub mod selected;
pub mod table;
pub mod timeline;

//! What a step of a history shows, without a browser: the decisions taken and
//! their words (`decision_text`), each broker's badges (`badges`), what was
//! lost and how each broker last restarted (`history`), every request and
//! response with where it ended (`messages`), the space-time diagram
//! (`spacetime`, drawn in the page's worker), and the whole frame as
//! a standalone SVG (`svg`), and chosen steps as a strip or the pictures of an
//! animation (`strip`), and which records of a long log a lane folds (`fold`), and the safety matrix (`matrix`). The page renders the same facts as live DOM; the
//! SVG figures of the page and of the runner are this one rendering.

pub mod badges;
pub mod compare;
pub mod decision_text;
pub mod fold;
pub mod found;
#[cfg(feature = "gif")]
pub mod gif;
pub mod history;
pub mod matrix;
pub mod messages;
pub mod pseudo;
pub mod spacetime;
pub mod strip;
pub mod svg;

//! What the reader unfolded and picked in a lane's long log.

/// What the reader unfolded and picked in one lane's long log: it stays
/// across steps, and goes when another history is shown.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Folds {
    /// First offsets of the pages unfolded, oldest first.
    pub unfolded: Vec<u64>,
    /// Records picked with a click, oldest first.
    pub pinned: Vec<u64>,
}

/// A reader's act on a lane's long log.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fold {
    Unfold(u64),
    Refold(u64),
    /// Pick a record, or let it go.
    Pin(u64),
}

impl Folds {
    pub(super) fn record(&mut self, fold: Fold) {
        match fold {
            Fold::Unfold(from) => self.unfolded = replab_view::fold::unfold(&self.unfolded, from),
            Fold::Refold(from) => self.unfolded.retain(|&u| u != from),
            Fold::Pin(o) if self.pinned.contains(&o) => self.pinned.retain(|&x| x != o),
            Fold::Pin(o) => {
                self.pinned.push(o);
                // A handful at most, so what is shown stays bounded.
                if self.pinned.len() > 8 {
                    self.pinned.remove(0);
                }
            }
        }
    }
}

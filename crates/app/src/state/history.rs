//! The history the page shows, with the next value a produce writes.

use replab_core::chunked::Chunked;
use replab_core::timeline::Timeline;
use replab_core::{Command, CommandError};

/// The history, with the one fact the page reads of every prefix of it: the
/// highest `m<n>` written, from which the next value counts up. Grown with the
/// history, so a produce costs the same however long it is.
#[derive(Clone, Debug, PartialEq)]
pub struct History {
    pub timeline: Timeline,
    /// `highest[k]`: the highest n of an `m<n>` among the first k commands.
    highest: Chunked<u32>,
}

impl History {
    pub fn new(timeline: Timeline) -> History {
        let mut highest: Chunked<u32> = std::iter::once(0).collect();
        for c in timeline.commands() {
            push_highest(&mut highest, c);
        }
        History { timeline, highest }
    }

    pub fn len(&self) -> usize {
        self.timeline.len()
    }

    pub fn is_empty(&self) -> bool {
        self.timeline.is_empty()
    }

    /// Applies `command` at the end.
    pub(super) fn push(&mut self, command: Command) -> Result<(), CommandError> {
        self.timeline.push(command.clone())?;
        push_highest(&mut self.highest, &command);
        Ok(())
    }

    /// Keeps the first `k` steps.
    pub(super) fn truncate(&mut self, k: usize) {
        self.timeline.truncate(k);
        self.highest.truncate(k + 1);
    }

    /// The next message value at step `k`: one past the highest `m<n>` so far.
    pub fn next_value(&self, k: usize) -> String {
        let n = self.highest.get(k).copied().unwrap_or(0);
        format!("m{}", n + 1)
    }
}

fn push_highest(highest: &mut Chunked<u32>, command: &Command) {
    let n = match command {
        Command::Produce { value, .. } => value.strip_prefix('m').and_then(|n| n.parse::<u32>().ok()),
        _ => None,
    };
    let before = highest.all().last().copied().unwrap_or(0);
    highest.push(n.map_or(before, |n| n.max(before)));
}

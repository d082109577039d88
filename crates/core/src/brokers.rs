//! A partition's brokers, and which of them changed since they were last made
//! equal to another partition's: the checker makes its scratch partition again
//! from the state it expands after every step it tries, and copies back only
//! the brokers the step changed (`Partition::restore_from`).
//!
//! The one way to a `&mut Broker` is `IndexMut`, which records it, so a change
//! cannot escape the record: there is no `DerefMut`, no `iter_mut`.

use crate::broker::Broker;
use crate::broker_set::{BrokerIx, BrokerSet};
use std::hash::{Hash, Hasher};
use std::ops::{Deref, Index, IndexMut};

/// The brokers by index, with the ones changed since the last copy.
#[derive(Default)]
pub(crate) struct Brokers {
    all: Vec<Broker>,
    /// Brokers borrowed mutably since the last `clone`, `clone_from` or
    /// `restore_from`. Not part of the value: equality and hash ignore it.
    changed: BrokerSet,
}

impl Brokers {
    /// The brokers changed since the last copy (every one borrowed mutably).
    #[cfg(test)]
    fn changed(&self) -> BrokerSet {
        self.changed
    }

    /// Makes these brokers equal to `source`'s again, given that they were
    /// equal when the record of changes was last cleared (the same number of
    /// brokers, each changed only through here): copies only the changed ones.
    pub(crate) fn restore_from(&mut self, source: &Brokers) {
        debug_assert_eq!(self.all.len(), source.all.len());
        for b in self.changed.iter() {
            self.all[b].clone_from(&source.all[b]);
        }
        self.changed = BrokerSet::default();
    }
}

impl From<Vec<Broker>> for Brokers {
    fn from(all: Vec<Broker>) -> Brokers {
        Brokers {
            all,
            changed: BrokerSet::default(),
        }
    }
}

impl Clone for Brokers {
    fn clone(&self) -> Self {
        Brokers {
            all: self.all.clone(),
            changed: BrokerSet::default(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.all.clone_from(&source.all);
        self.changed = BrokerSet::default();
    }
}

impl Deref for Brokers {
    type Target = [Broker];
    fn deref(&self) -> &[Broker] {
        &self.all
    }
}

impl Index<BrokerIx> for Brokers {
    type Output = Broker;
    fn index(&self, b: BrokerIx) -> &Broker {
        &self.all[b]
    }
}

impl IndexMut<BrokerIx> for Brokers {
    fn index_mut(&mut self, b: BrokerIx) -> &mut Broker {
        self.changed.insert(b);
        &mut self.all[b]
    }
}

/// As the vector of brokers: the record is not part of the value.
impl std::fmt::Debug for Brokers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.all.fmt(f)
    }
}

impl PartialEq for Brokers {
    fn eq(&self, other: &Self) -> bool {
        self.all == other.all
    }
}

impl Eq for Brokers {}

impl Hash for Brokers {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.all.hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brokers() -> Brokers {
        Brokers::from(vec![
            Broker::new("A".into()),
            Broker::new("B".into()),
            Broker::new("C".into()),
        ])
    }

    #[test]
    fn a_mutable_borrow_is_recorded_and_restore_copies_it_back() {
        let source = brokers();
        let mut scratch = source.clone();
        assert!(scratch.changed().is_empty());
        let _ = &scratch[0];
        assert!(scratch.changed().is_empty(), "reading changes nothing");
        scratch[1].durable.hw = 7;
        assert_eq!(scratch.changed().iter().collect::<Vec<_>>(), [1]);
        assert_ne!(scratch, source);
        scratch.restore_from(&source);
        assert_eq!(scratch, source);
        assert!(scratch.changed().is_empty());
    }
}

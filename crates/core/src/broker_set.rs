//! A set of brokers (at most 7, by their index in assignment order) as a bit mask:
//! the ISR is copied on every snapshot and compared on every check, so it stays small.

use serde::{Serialize, Serializer};

/// A broker's position in the partition's assignment (preference) order.
pub type BrokerIx = usize;

/// The most brokers a partition can have.
pub const MAX_BROKERS: usize = 7;

/// A set of brokers by index, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BrokerSet(u8);

impl BrokerSet {
    /// The first `n` brokers (at most `MAX_BROKERS`).
    pub fn all(n: usize) -> BrokerSet {
        BrokerSet(((1u16 << n.min(MAX_BROKERS)) - 1) as u8)
    }

    /// Just broker `b`.
    pub fn only(b: BrokerIx) -> BrokerSet {
        BrokerSet(1 << b)
    }

    /// Whether `b` is a member.
    pub fn contains(self, b: BrokerIx) -> bool {
        b < MAX_BROKERS && self.0 & (1 << b) != 0
    }

    /// Adds `b`.
    pub fn insert(&mut self, b: BrokerIx) {
        self.0 |= 1 << b;
    }

    /// Removes `b`.
    pub fn remove(&mut self, b: BrokerIx) {
        self.0 &= !(1 << b);
    }

    /// How many members.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether it has no member.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The members of either set.
    pub fn union(self, other: BrokerSet) -> BrokerSet {
        BrokerSet(self.0 | other.0)
    }

    /// The members not in `other`.
    pub fn minus(self, other: BrokerSet) -> BrokerSet {
        BrokerSet(self.0 & !other.0)
    }

    /// The members as bits, broker b at bit b: the set in one number (the
    /// checker's fingerprint writes it as it is).
    pub fn bits(self) -> u8 {
        self.0
    }

    /// Members in assignment order.
    pub fn iter(self) -> impl Iterator<Item = BrokerIx> {
        (0..MAX_BROKERS).filter(move |&b| self.contains(b))
    }
}

impl FromIterator<BrokerIx> for BrokerSet {
    fn from_iter<I: IntoIterator<Item = BrokerIx>>(iter: I) -> Self {
        let mut s = BrokerSet::default();
        for b in iter {
            s.insert(b);
        }
        s
    }
}

impl Serialize for BrokerSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut s = BrokerSet::all(3);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 1, 2]);
        s.remove(1);
        assert!(!s.contains(1));
        assert_eq!(s.len(), 2);
        assert_eq!(s.minus(BrokerSet::only(0)), BrokerSet::only(2));
        assert_eq!(BrokerSet::all(7).len(), 7);
        assert!(!s.contains(9));
    }
}

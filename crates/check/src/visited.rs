//! The states a search has seen, each kept as its canonical form
//! (`fingerprint::form`), so that two states are one only when their forms
//! are equal: a collision of two forms' 64-bit hashes costs a comparison,
//! never a state, and a search that says "complete" has explored every state.
//!
//! The forms lie back to back in one buffer, in the order first seen (a
//! state's id); a table of ids, found by the form's hash, points into it.
//! About a form's bytes (tens) and a dozen more a state.

use crate::fingerprint::hash_bytes;
use hashbrown::hash_table::{Entry, HashTable};

/// The forms seen, by id.
#[derive(Default)]
pub(crate) struct Visited {
    /// Every form, back to back, by id.
    bytes: Vec<u8>,
    /// Where form `id` ends in `bytes` (it starts where `id - 1` ends).
    ends: Vec<usize>,
    /// The ids, found by their form's hash.
    table: HashTable<u32>,
}

fn form_of<'a>(bytes: &'a [u8], ends: &[usize], id: u32) -> &'a [u8] {
    let id = id as usize;
    let start = if id == 0 { 0 } else { ends[id - 1] };
    &bytes[start..ends[id]]
}

impl Visited {
    /// Whether a state with this form (whose hash is `hash`) was seen.
    pub(crate) fn contains(&self, hash: u64, form: &[u8]) -> bool {
        self.table
            .find(hash, |&id| form_of(&self.bytes, &self.ends, id) == form)
            .is_some()
    }

    /// Adds the form as the next id; false if it was seen already. Ids are
    /// u32, as the search's: past `u32::MAX` forms it keeps none (the search
    /// stops before).
    pub(crate) fn insert(&mut self, hash: u64, form: &[u8]) -> bool {
        let Visited { bytes, ends, table } = self;
        let Ok(id) = u32::try_from(ends.len()) else {
            return false;
        };
        let same = |&other: &u32| form_of(bytes, ends, other) == form;
        let rehash = |&other: &u32| hash_bytes(form_of(bytes, ends, other));
        match table.entry(hash, same, rehash) {
            Entry::Occupied(_) => false,
            Entry::Vacant(slot) => {
                slot.insert(id);
                bytes.extend_from_slice(form);
                ends.push(bytes.len());
                true
            }
        }
    }

    /// How many forms it holds.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Forgets every form.
    #[cfg(test)]
    pub(crate) fn clear(&mut self) {
        *self = Visited::default();
    }

    /// The bytes it holds, as allocated: the forms, their ends, the table's
    /// slots (an id and a control byte each).
    pub(crate) fn bytes(&self) -> usize {
        self.bytes.capacity() + self.ends.capacity() * std::mem::size_of::<usize>() + self.table.capacity() * 5
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two forms with one hash are two states: the table compares the forms.
    #[test]
    fn forms_that_share_a_hash_stay_apart() {
        let mut v = Visited::default();
        assert!(v.insert(7, &[1, 2, 3]));
        assert!(v.insert(7, &[1, 2, 4]), "a second form with the same hash is new");
        assert!(!v.insert(7, &[1, 2, 3]));
        assert!(v.contains(7, &[1, 2, 4]));
        assert!(!v.contains(7, &[1, 2]));
        assert_eq!(v.len(), 2);
        // Growing rehashes each form by its bytes: every one is still found.
        for i in 0..10_000u32 {
            let form = i.to_le_bytes();
            assert!(v.insert(hash_bytes(&form), &form));
        }
        for i in 0..10_000u32 {
            let form = i.to_le_bytes();
            assert!(v.contains(hash_bytes(&form), &form));
        }
        assert_eq!(v.len(), 10_002);
    }
}

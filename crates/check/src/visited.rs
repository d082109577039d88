//! The states a search has seen, each kept as its canonical form
//! (`fingerprint::form`), so that two states are one only when their forms
//! are equal: a collision of two forms' 64-bit hashes costs a comparison,
//! never a state, and a search that says "complete" has explored every state.
//!
//! The forms lie back to back in blocks of a mebibyte, each after its length;
//! a table of their places, found by the form's hash, points into them.
//! Blocks rather than one growing buffer: a buffer that doubles holds its old
//! and new copies at once, and a browser worker's memory never shrinks back.
//! About a form's bytes (tens) and a dozen more a state.

use crate::fingerprint::hash_bytes;
use hashbrown::hash_table::{Entry, HashTable};

/// Bytes in a block; a form is never split between two.
const BLOCK: usize = 1 << 20;

/// The forms seen.
#[derive(Default)]
pub(crate) struct Visited {
    /// Full blocks, then the one being filled.
    blocks: Vec<Vec<u8>>,
    /// Each form's place: its block times `BLOCK` plus its start in it.
    table: HashTable<u64>,
}

/// The form at `place`.
fn form_at(blocks: &[Vec<u8>], place: u64) -> &[u8] {
    let (block, at) = ((place / BLOCK as u64) as usize, (place % BLOCK as u64) as usize);
    let bytes = &blocks[block][at..];
    // Its length, in LEB128, then the form.
    let mut len = 0usize;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        len |= usize::from(b & 0x7f) << (7 * i);
        i += 1;
        if b < 0x80 {
            break;
        }
    }
    &bytes[i..i + len]
}

impl Visited {
    /// Whether a state with this form (whose hash is `hash`) was seen.
    pub(crate) fn contains(&self, hash: u64, form: &[u8]) -> bool {
        self.table
            .find(hash, |&place| form_at(&self.blocks, place) == form)
            .is_some()
    }

    /// Adds the form; false if it was seen already.
    pub(crate) fn insert(&mut self, hash: u64, form: &[u8]) -> bool {
        let Visited { blocks, table } = self;
        let same = |&place: &u64| form_at(blocks, place) == form;
        let rehash = |&place: &u64| hash_bytes(form_at(blocks, place));
        let Entry::Vacant(slot) = table.entry(hash, same, rehash) else {
            return false;
        };
        let (mut head, mut h) = ([0u8; 10], 0);
        let mut n = form.len();
        while n >= 0x80 {
            head[h] = (n as u8) | 0x80;
            h += 1;
            n >>= 7;
        }
        head[h] = n as u8;
        let head = &head[..=h];
        let need = head.len() + form.len();
        let room = blocks.last().map_or(0, |b| b.capacity() - b.len());
        if room < need {
            blocks.push(Vec::with_capacity(BLOCK.max(need)));
        }
        let last = blocks.len() - 1;
        let block = &mut blocks[last];
        let place = (last * BLOCK + block.len()) as u64;
        block.extend_from_slice(head);
        block.extend_from_slice(form);
        slot.insert(place);
        true
    }

    /// How many forms it holds.
    pub(crate) fn len(&self) -> usize {
        self.table.len()
    }

    /// Forgets every form.
    #[cfg(test)]
    pub(crate) fn clear(&mut self) {
        *self = Visited::default();
    }

    /// The bytes it holds, as allocated: the blocks, and the table's slots (a
    /// place and a control byte each).
    pub(crate) fn bytes(&self) -> usize {
        let blocks: usize = self.blocks.iter().map(Vec::capacity).sum();
        blocks + self.blocks.capacity() * std::mem::size_of::<Vec<u8>>() + self.table.capacity() * 9
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
        // Growing rehashes each form by its bytes, and fills block after
        // block (forms of 200 bytes, some longer than 127 for a two-byte
        // length): every one is still found.
        let form = |i: u32| {
            let mut f = i.to_le_bytes().repeat(50);
            f.truncate(100 + (i % 100) as usize);
            f
        };
        for i in 0..20_000u32 {
            let f = form(i);
            assert!(v.insert(hash_bytes(&f), &f));
        }
        assert!(v.blocks.len() > 1, "{} blocks", v.blocks.len());
        for i in 0..20_000u32 {
            let f = form(i);
            assert!(v.contains(hash_bytes(&f), &f));
            assert!(!v.insert(hash_bytes(&f), &f));
        }
        assert_eq!(v.len(), 20_002);
    }
}

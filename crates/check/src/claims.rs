//! The states a batch's pieces have claimed: which piece first keeps a state
//! not seen before the batch, so that a later piece reaching it too does not
//! clone it only for the merge to drop it.
//!
//! A batch is expanded in pieces, on several threads, in any order; the merge
//! takes them in the batch's order and keeps a state from the first piece that
//! gives it. So a piece may leave out a state an earlier piece has claimed (the
//! merge would drop its copy), must keep one only a later piece has claimed
//! (the merge drops the later one), and keeps one nobody has claimed. A claim
//! is the lowest piece index that keeps the state, lowered atomically, so a
//! race only makes both pieces keep it: the merge's outcome is the same as
//! without claims, and the merge decides.
//!
//! A table sized for the batch, with linear probing: fingerprints are hashes
//! already. When a fingerprint finds no slot within a few probes, the piece
//! keeps the state (keeping is always sound), so a full table costs copies,
//! not answers; so does the fingerprint 0, which marks an empty slot.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// Slots tried from a fingerprint's home before the piece keeps the state
/// unclaimed.
const PROBES: usize = 16;

/// An empty slot's key.
const EMPTY: u64 = 0;

/// No piece has claimed the slot's state yet.
const UNCLAIMED: u32 = u32::MAX;

struct Slot {
    key: AtomicU64,
    piece: AtomicU32,
}

/// The claims of one batch, cleared before the next.
pub(crate) struct Claims {
    slots: Box<[Slot]>,
}

impl Claims {
    /// A table for a batch of `states` states: eight slots a state (a state
    /// gives about five steps, most into states already seen).
    pub(crate) fn for_batch(states: usize) -> Claims {
        Claims {
            slots: (0..(states * 8).next_power_of_two())
                .map(|_| Slot {
                    key: AtomicU64::new(EMPTY),
                    piece: AtomicU32::new(UNCLAIMED),
                })
                .collect(),
        }
    }

    /// Forgets every claim (between batches: nothing else holds the table).
    pub(crate) fn clear(&mut self) {
        for slot in self.slots.iter_mut() {
            *slot.key.get_mut() = EMPTY;
            *slot.piece.get_mut() = UNCLAIMED;
        }
    }

    /// Whether piece `piece` must keep the state of `fingerprint`: false when
    /// this piece or an earlier one has claimed it already, true otherwise
    /// (and the claim is this piece's now, unless an earlier one takes it).
    pub(crate) fn keep(&self, fingerprint: u64, piece: u32) -> bool {
        if fingerprint == EMPTY {
            return true;
        }
        let mask = self.slots.len() - 1;
        let home = fingerprint as usize & mask;
        for probe in 0..PROBES {
            let slot = &self.slots[(home + probe) & mask];
            let found = match slot
                .key
                .compare_exchange(EMPTY, fingerprint, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => true,
                Err(other) => other == fingerprint,
            };
            if found {
                return slot.piece.fetch_min(piece, Ordering::Relaxed) > piece;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_claim_in_a_piece_keeps_and_a_second_does_not() {
        let c = Claims::for_batch(64);
        assert!(c.keep(42, 3));
        assert!(!c.keep(42, 3), "kept already by this piece");
        assert!(!c.keep(42, 5), "an earlier piece keeps it");
        assert!(
            c.keep(42, 1),
            "an earlier piece must keep it too: the merge drops piece 3's"
        );
        assert!(!c.keep(42, 2));
        assert!(c.keep(43, 2), "another state");
    }

    #[test]
    fn colliding_fingerprints_take_the_next_slots_and_a_full_run_keeps() {
        let c = Claims::for_batch(64);
        // Same home slot, different keys: each probes further.
        let slots = c.slots.len() as u64;
        let same_home: Vec<u64> = (0..PROBES as u64 + 1).map(|k| 7 + k * slots).collect();
        for &f in &same_home[..PROBES] {
            assert!(c.keep(f, 0));
            assert!(!c.keep(f, 0));
        }
        // The home's run is full: the state is kept, and kept again.
        let last = same_home[PROBES];
        assert!(c.keep(last, 0));
        assert!(c.keep(last, 0), "unclaimed: keeping is always sound");
    }

    #[test]
    fn the_fingerprint_zero_is_always_kept_and_clear_forgets() {
        let mut c = Claims::for_batch(64);
        assert!(c.keep(0, 0));
        assert!(c.keep(0, 0), "0 marks an empty slot: never claimed");
        assert!(c.keep(1 << 40, 0));
        assert!(!c.keep(1 << 40, 0));
        c.clear();
        assert!(c.keep(1 << 40, 0));
    }

    #[test]
    fn racing_pieces_leave_the_lowest_claim() {
        let c = Claims::for_batch(1024);
        std::thread::scope(|s| {
            for piece in (0..8u32).rev() {
                let c = &c;
                s.spawn(move || {
                    for f in 1..=1000u64 {
                        c.keep(f.wrapping_mul(0x9E37_79B9_7F4A_7C15), piece);
                    }
                });
            }
        });
        for f in 1..=1000u64 {
            let f = f.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            assert!(!c.keep(f, 0), "piece 0 claimed {f} during the race");
        }
    }
}

//! A vector that clones in O(chunks) pointers, not O(items): items are kept in
//! fixed-size shared chunks. The history keeps a clone of the whole cluster every
//! few steps, and a replica's log, the list of committed records and the acked
//! values grow with the history, so their clones must share storage.
//!
//! Chunk i always holds items [i * CHUNK_LEN, (i + 1) * CHUNK_LEN), so the layout
//! depends only on the contents and the derived `Eq`/`Hash` stay canonical (the
//! checker fingerprints states by them). A clone copies two pointers; the first
//! push after a clone copies the unfinished tail (fewer than CHUNK_LEN items), and
//! sealing a chunk copies the list of chunk pointers. Hand-written rather than a
//! persistent-vector crate (`im`, `rpds`): this is all the sharing the history
//! needs, in about 200 lines that add next to nothing to the page's download.

use serde::{Serialize, Serializer};
use std::borrow::Cow;
use std::sync::Arc;

/// Items per sealed chunk. A clone that is then pushed to copies up to this many
/// items (the tail); a sealed chunk costs one pointer in every later snapshot
/// that differs from the one before. 256 keeps both small for logs of 100,000
/// records, and is a multiple of the page's 32-record render chunks.
pub const CHUNK_LEN: usize = 256;

/// Spare room a copied tail gets (a snapshot interval's worth of appends).
const TAIL_ROOM: usize = 32;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Chunked<T> {
    /// Full chunks of exactly CHUNK_LEN items, shared with clones.
    sealed: Arc<Vec<Arc<[T]>>>,
    /// The items after the last full chunk: fewer than CHUNK_LEN.
    tail: Arc<Vec<T>>,
}

impl<T> Default for Chunked<T> {
    fn default() -> Self {
        Chunked {
            sealed: Arc::new(Vec::new()),
            tail: Arc::new(Vec::new()),
        }
    }
}

impl<T: Clone> Chunked<T> {
    pub fn len(&self) -> usize {
        self.sealed.len() * CHUNK_LEN + self.tail.len()
    }

    pub fn is_empty(&self) -> bool {
        self.sealed.is_empty() && self.tail.is_empty()
    }

    pub fn get(&self, i: usize) -> Option<&T> {
        match self.sealed.get(i / CHUNK_LEN) {
            Some(chunk) => chunk.get(i % CHUNK_LEN),
            None => self.tail.get(i - self.sealed.len() * CHUNK_LEN),
        }
    }

    pub fn push(&mut self, item: T) {
        let tail = self.tail_mut();
        if tail.len() == tail.capacity() {
            // Doubling, but never past a chunk: the tail never holds more.
            tail.reserve_exact(tail.len().max(4).min(CHUNK_LEN - tail.len()));
        }
        tail.push(item);
        if tail.len() == CHUNK_LEN {
            let full: Arc<[T]> = std::mem::take(tail).into();
            Arc::make_mut(&mut self.sealed).push(full);
        }
    }

    /// The tail, copied first if a clone shares it. The copy gets room for a few
    /// pushes only: a snapshot keeps it, and spare room doubled by `Vec` would be
    /// kept in every snapshot too.
    fn tail_mut(&mut self) -> &mut Vec<T> {
        if Arc::get_mut(&mut self.tail).is_none() {
            let room = (self.tail.len() + TAIL_ROOM).min(CHUNK_LEN);
            let mut copy = Vec::with_capacity(room);
            copy.extend_from_slice(&self.tail);
            self.tail = Arc::new(copy);
        }
        // Unique now: make_mut does not copy again.
        Arc::make_mut(&mut self.tail)
    }

    /// Replaces item `i`; false (and no change) when there is none.
    pub fn set(&mut self, i: usize, item: T) -> bool {
        let sealed_len = self.sealed.len() * CHUNK_LEN;
        if i >= sealed_len {
            return match self.tail_mut().get_mut(i - sealed_len) {
                Some(slot) => {
                    *slot = item;
                    true
                }
                None => false,
            };
        }
        let chunk = &mut Arc::make_mut(&mut self.sealed)[i / CHUNK_LEN];
        let mut items = chunk.to_vec();
        items[i % CHUNK_LEN] = item;
        *chunk = items.into();
        true
    }

    /// Keeps the first `len` items. Returns whether anything was removed.
    pub fn truncate(&mut self, len: usize) -> bool {
        if len >= self.len() {
            return false;
        }
        let (chunk, within) = (len / CHUNK_LEN, len % CHUNK_LEN);
        if chunk < self.sealed.len() {
            // The new tail is the start of a sealed chunk (maybe empty).
            self.tail = Arc::new(self.sealed[chunk][..within].to_vec());
            Arc::make_mut(&mut self.sealed).truncate(chunk);
        } else {
            self.tail_mut().truncate(within);
        }
        true
    }

    /// Every item, in order.
    pub fn all(&self) -> Slice<'_, T> {
        self.slice(0, self.len())
    }

    /// Items [from, to), clamped to what exists.
    pub fn slice(&self, from: usize, to: usize) -> Slice<'_, T> {
        let to = to.min(self.len());
        Slice {
            of: self,
            from: from.min(to),
            to,
        }
    }

    /// The items from `i` to the end of its chunk, at most up to `to`.
    fn piece_at(&self, i: usize, to: usize) -> &[T] {
        let chunk = i / CHUNK_LEN;
        let (stored, start): (&[T], usize) = match self.sealed.get(chunk) {
            Some(c) => (c, chunk * CHUNK_LEN),
            None => (&self.tail, self.sealed.len() * CHUNK_LEN),
        };
        let end = to.saturating_sub(start).min(stored.len());
        stored.get(i - start..end).unwrap_or_default()
    }

    /// The contiguous pieces holding items [from, to), in order.
    fn pieces(&self, from: usize, to: usize) -> impl Iterator<Item = &[T]> {
        let mut at = from;
        std::iter::from_fn(move || {
            let piece = (at < to).then(|| self.piece_at(at, to)).filter(|p| !p.is_empty())?;
            at += piece.len();
            Some(piece)
        })
    }
}

impl<T: Clone> FromIterator<T> for Chunked<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut out = Chunked::default();
        for item in items {
            out.push(item);
        }
        out
    }
}

/// A run of consecutive items of a `Chunked`, [from, to): it borrows the chunks
/// instead of copying them.
#[derive(Debug)]
pub struct Slice<'a, T> {
    of: &'a Chunked<T>,
    from: usize,
    to: usize,
}

// Derived Clone/Copy would ask T: Copy.
impl<T> Clone for Slice<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Slice<'_, T> {}

impl<'a, T: Clone> Slice<'a, T> {
    pub fn len(&self) -> usize {
        self.to - self.from
    }

    pub fn is_empty(&self) -> bool {
        self.from == self.to
    }

    /// The `i`-th item of the run.
    pub fn get(&self, i: usize) -> Option<&'a T> {
        let at = self.from.checked_add(i)?;
        if at < self.to {
            self.of.get(at)
        } else {
            None
        }
    }

    pub fn first(&self) -> Option<&'a T> {
        self.get(0)
    }

    pub fn last(&self) -> Option<&'a T> {
        self.len().checked_sub(1).and_then(|i| self.get(i))
    }

    /// Items [from, to) of this run, counted from its start (clamped to it).
    pub fn sub(&self, from: usize, to: usize) -> Slice<'a, T> {
        let to = self.from.saturating_add(to).min(self.to);
        Slice {
            of: self.of,
            from: self.from.saturating_add(from).min(to),
            to,
        }
    }

    pub fn iter(&self) -> Iter<'a, T> {
        Iter {
            of: self.of,
            next: self.from,
            to: self.to,
            piece: [].iter(),
        }
    }

    pub fn to_vec(&self) -> Vec<T> {
        let mut out = Vec::with_capacity(self.len());
        for piece in self.of.pieces(self.from, self.to) {
            out.extend_from_slice(piece);
        }
        out
    }

    /// Consecutive pieces of `size` items (the last may be shorter), like
    /// `slice::chunks`: borrowed when a piece lies within one stored chunk, which
    /// is always the case for a run from item 0 when `size` divides CHUNK_LEN.
    pub fn chunks(&self, size: usize) -> impl Iterator<Item = Cow<'a, [T]>> + 'a
    where
        T: 'a,
    {
        let size = size.max(1);
        let (of, from, to) = (self.of, self.from, self.to);
        (0..(to - from).div_ceil(size)).map(move |i| {
            let lo = from + i * size;
            let hi = (lo + size).min(to);
            let mut pieces = of.pieces(lo, hi);
            match (pieces.next(), pieces.next()) {
                (Some(one), None) => Cow::Borrowed(one),
                (None, _) => Cow::Borrowed(&[][..]),
                (Some(_), Some(_)) => Cow::Owned(of.slice(lo, hi).to_vec()),
            }
        })
    }
}

impl<'a, T: Clone> IntoIterator for Slice<'a, T> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T>;

    fn into_iter(self) -> Iter<'a, T> {
        self.iter()
    }
}

impl<'a, T: Clone> IntoIterator for &Slice<'a, T> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T>;

    fn into_iter(self) -> Iter<'a, T> {
        self.iter()
    }
}

impl<T: Clone + PartialEq> PartialEq for Slice<'_, T> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<T: Clone + Eq> Eq for Slice<'_, T> {}

impl<T: Clone + PartialEq> PartialEq<[T]> for Slice<'_, T> {
    fn eq(&self, other: &[T]) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<T: Clone + Serialize> Serialize for Slice<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

/// The items of a `Slice`, in order, one stored chunk at a time.
#[derive(Debug)]
pub struct Iter<'a, T> {
    of: &'a Chunked<T>,
    /// The index after the current piece.
    next: usize,
    to: usize,
    piece: std::slice::Iter<'a, T>,
}

impl<T> Clone for Iter<'_, T> {
    fn clone(&self) -> Self {
        Iter {
            of: self.of,
            next: self.next,
            to: self.to,
            piece: self.piece.clone(),
        }
    }
}

impl<'a, T: Clone> Iterator for Iter<'a, T> {
    type Item = &'a T;

    fn next(&mut self) -> Option<&'a T> {
        if let Some(x) = self.piece.next() {
            return Some(x);
        }
        if self.next >= self.to {
            return None;
        }
        let piece = self.of.piece_at(self.next, self.to);
        if piece.is_empty() {
            self.next = self.to;
            return None;
        }
        self.next += piece.len();
        self.piece = piece.iter();
        self.piece.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.piece.len() + (self.to - self.next);
        (n, Some(n))
    }
}

impl<T: Clone> ExactSizeIterator for Iter<'_, T> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_in_a_shared_chunk_leaves_the_clone_as_it_was() {
        let mut v: Chunked<usize> = (0..CHUNK_LEN + 5).collect();
        let kept = v.clone();
        assert!(v.set(3, 99), "in a sealed chunk");
        assert!(v.set(CHUNK_LEN + 1, 98), "in the tail");
        assert!(!v.set(CHUNK_LEN + 5, 1), "past the end");
        assert_eq!(v.get(3), Some(&99));
        assert_eq!(v.get(CHUNK_LEN + 1), Some(&98));
        assert_eq!(kept.all().to_vec(), (0..CHUNK_LEN + 5).collect::<Vec<_>>());
    }

    #[test]
    fn slices_clamp_and_count_from_their_start() {
        let v: Chunked<usize> = (0..2 * CHUNK_LEN).collect();
        let s = v.slice(CHUNK_LEN - 2, 10 * CHUNK_LEN);
        assert_eq!(s.len(), CHUNK_LEN + 2);
        assert_eq!(s.first(), Some(&(CHUNK_LEN - 2)));
        assert_eq!(s.sub(1, 4).to_vec(), vec![CHUNK_LEN - 1, CHUNK_LEN, CHUNK_LEN + 1]);
        assert_eq!(s.iter().len(), s.len());
        assert!(v.slice(5, 2).is_empty());
    }
}

//! A vector that clones in O(chunks) pointers, not O(items): items are kept in
//! fixed-size shared chunks. The history keeps a clone of the whole cluster every
//! few steps, and a replica's log, the list of committed records and the acked
//! values grow with the history, so their clones must share storage.
//!
//! Items sit in sealed chunks of CHUNK_LEN, then leaves of LEAF_LEN, then a tail
//! of fewer than LEAF_LEN: which item is where depends only on the length, so the
//! derived `Eq`/`Hash` stay canonical (the checker fingerprints states by them).
//! A clone copies three pointers; after it, the first push copies the tail (under
//! LEAF_LEN items), filling a leaf copies the short list of leaves, and sealing a
//! chunk copies the list of chunk pointers. Two levels, because one costs either
//! a long tail or a long pointer list in every snapshot (measured on a 100,000-record
//! history: 12 KB a snapshot with one level, 8 KB with two). Hand-written rather than a persistent
//! vector crate (`im`, `rpds`): this is all the sharing the history needs, in a
//! few hundred lines that add next to nothing to the page's download.

use serde::{Serialize, Serializer};
use std::borrow::Cow;
use std::sync::Arc;

/// Items per leaf: the unit a snapshot's next write copies. The tail (fewer than
/// LEAF_LEN items) is copied on the first push after a clone, and the list of
/// leaves (fewer than LEAVES items) when a leaf fills.
pub const LEAF_LEN: usize = 32;

/// Leaves gathered into one sealed chunk.
const LEAVES: usize = 8;

/// Items per sealed chunk: a sealed chunk costs one pointer in each later
/// snapshot whose list of chunks changed (one in every eight at one push a step).
pub const CHUNK_LEN: usize = LEAF_LEN * LEAVES;

/// A list of full chunks or leaves; None when empty (never Some of an empty
/// list, so that derived equality is equality of contents). Cloning None costs
/// nothing: the checker clones states with short logs all the time.
type List<T> = Option<Arc<Vec<Arc<[T]>>>>;

fn list<T>(l: &List<T>) -> &[Arc<[T]>] {
    l.as_deref().map_or(&[], Vec::as_slice)
}

fn list_mut<T>(l: &mut List<T>) -> &mut Vec<Arc<[T]>> {
    Arc::make_mut(l.get_or_insert_with(Arc::default))
}

/// Keeps the first `n` entries of a list.
fn list_truncate<T>(l: &mut List<T>, n: usize) {
    if n == 0 {
        *l = None;
    } else {
        list_mut(l).truncate(n);
    }
}

/// A vector whose clones share its items in fixed-size chunks.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Chunked<T> {
    /// Full chunks of exactly CHUNK_LEN items, shared with clones.
    sealed: List<T>,
    /// Full leaves of exactly LEAF_LEN items after the sealed chunks: fewer
    /// than LEAVES.
    leaves: List<T>,
    /// The items after the last full leaf: fewer than LEAF_LEN.
    tail: Arc<Vec<T>>,
    /// Items in the chunks and leaves: where the tail starts.
    tail_start: usize,
}

/// `clone_from` leaves a part that already shares the source's chunk as it
/// is: the checker makes one scratch cluster again from the same state for
/// every step it tries, so most parts are shared already and cost nothing.
impl<T> Clone for Chunked<T> {
    fn clone(&self) -> Self {
        Chunked {
            sealed: self.sealed.clone(),
            leaves: self.leaves.clone(),
            tail: Arc::clone(&self.tail),
            tail_start: self.tail_start,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let Chunked {
            sealed,
            leaves,
            tail,
            tail_start,
        } = source;
        share_list(&mut self.sealed, sealed);
        share_list(&mut self.leaves, leaves);
        if !Arc::ptr_eq(&self.tail, tail) {
            self.tail = Arc::clone(tail);
        }
        self.tail_start = *tail_start;
    }
}

/// `to` shares `from`'s list, cloning the pointer only when it differs.
fn share_list<T>(to: &mut List<T>, from: &List<T>) {
    let same = match (&*to, from) {
        (Some(a), Some(b)) => Arc::ptr_eq(a, b),
        (None, None) => true,
        _ => false,
    };
    if !same {
        to.clone_from(from);
    }
}

impl<T> Default for Chunked<T> {
    fn default() -> Self {
        Chunked {
            sealed: None,
            leaves: None,
            tail: Arc::default(),
            tail_start: 0,
        }
    }
}

impl<T: Clone> Chunked<T> {
    /// How many items it holds.
    pub fn len(&self) -> usize {
        self.tail_start + self.tail.len()
    }

    /// Whether it holds no item.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The stored slice that holds item `i` (a chunk, a leaf or the tail) and
    /// the index of its first item; None past the end.
    fn locate(&self, i: usize) -> Option<(&[T], usize)> {
        if i >= self.tail_start {
            return (i < self.len()).then_some((&self.tail[..], self.tail_start));
        }
        let sealed = list(&self.sealed);
        if let Some(chunk) = sealed.get(i / CHUNK_LEN) {
            return Some((chunk, i / CHUNK_LEN * CHUNK_LEN));
        }
        let sealed_end = sealed.len() * CHUNK_LEN;
        let leaf = (i - sealed_end) / LEAF_LEN;
        list(&self.leaves)
            .get(leaf)
            .map(|l| (&l[..], sealed_end + leaf * LEAF_LEN))
    }

    /// The item at index `i`, if any.
    pub fn get(&self, i: usize) -> Option<&T> {
        self.locate(i).and_then(|(stored, start)| stored.get(i - start))
    }

    /// Appends `item` at the end.
    pub fn push(&mut self, item: T) {
        let tail = self.tail_mut();
        if tail.len() == tail.capacity() {
            // Doubling, but never past a leaf: the tail never holds more.
            let room = (tail.len() * 2).clamp(4, LEAF_LEN);
            tail.reserve_exact(room - tail.len());
        }
        tail.push(item);
        if tail.len() < LEAF_LEN {
            return;
        }
        let leaf: Arc<[T]> = std::mem::take(tail).into();
        self.tail_start += LEAF_LEN;
        let leaves = list_mut(&mut self.leaves);
        leaves.push(leaf);
        if leaves.len() == LEAVES {
            let mut chunk = Vec::with_capacity(CHUNK_LEN);
            for leaf in leaves.drain(..) {
                chunk.extend_from_slice(&leaf);
            }
            self.leaves = None;
            list_mut(&mut self.sealed).push(chunk.into());
        }
    }

    /// The tail, copied first if a clone shares it. Its room stays under a leaf
    /// (a snapshot keeps the tail as it is, spare room too).
    fn tail_mut(&mut self) -> &mut Vec<T> {
        if Arc::get_mut(&mut self.tail).is_none() {
            let mut copy = Vec::with_capacity((self.tail.len() * 2).clamp(4, LEAF_LEN));
            copy.extend_from_slice(&self.tail);
            self.tail = Arc::new(copy);
        }
        // Unique now: make_mut does not copy again.
        Arc::make_mut(&mut self.tail)
    }

    /// Replaces item `i`; false (and no change) when there is none.
    pub fn set(&mut self, i: usize, item: T) -> bool {
        let Some((_, start)) = self.locate(i) else {
            return false;
        };
        let sealed_end = list(&self.sealed).len() * CHUNK_LEN;
        let stored = if start >= self.tail_start {
            self.tail_mut()[i - start] = item;
            return true;
        } else if start >= sealed_end {
            &mut list_mut(&mut self.leaves)[(start - sealed_end) / LEAF_LEN]
        } else {
            &mut list_mut(&mut self.sealed)[start / CHUNK_LEN]
        };
        let mut items = stored.to_vec();
        items[i - start] = item;
        *stored = items.into();
        true
    }

    /// Keeps the first `len` items. Returns whether anything was removed.
    pub fn truncate(&mut self, len: usize) -> bool {
        if len >= self.len() {
            return false;
        }
        if len >= self.tail_start {
            let keep = len - self.tail_start;
            self.tail_mut().truncate(keep);
            return true;
        }
        let sealed_end = list(&self.sealed).len() * CHUNK_LEN;
        let (kept, start): (Vec<T>, usize) = if len < sealed_end {
            // The chunk holding `len` is cut into leaves and a tail again.
            let chunk = len / CHUNK_LEN;
            let kept = list(&self.sealed)[chunk][..len % CHUNK_LEN].to_vec();
            list_truncate(&mut self.sealed, chunk);
            self.leaves = None;
            (kept, chunk * CHUNK_LEN)
        } else {
            let leaf = (len - sealed_end) / LEAF_LEN;
            let kept = list(&self.leaves)[leaf][..(len - sealed_end) % LEAF_LEN].to_vec();
            list_truncate(&mut self.leaves, leaf);
            (kept, sealed_end + leaf * LEAF_LEN)
        };
        let mut leaves = kept.chunks_exact(LEAF_LEN);
        for leaf in leaves.by_ref() {
            list_mut(&mut self.leaves).push(Arc::from(leaf));
        }
        self.tail = Arc::new(leaves.remainder().to_vec());
        self.tail_start = start + (kept.len() / LEAF_LEN) * LEAF_LEN;
        true
    }

    /// Whether the first items are exactly `prefix`'s.
    pub fn starts_with(&self, prefix: &Chunked<T>) -> bool
    where
        T: PartialEq,
    {
        self.same_first(prefix, prefix.len())
    }

    /// Whether both have at least `n` items and their first `n` are the same.
    /// Sealed chunks the two share compare by pointer, so a history against
    /// itself a few steps longer reads under a chunk of items.
    pub fn same_first(&self, other: &Chunked<T>, n: usize) -> bool
    where
        T: PartialEq,
    {
        if n > self.len() || n > other.len() {
            return false;
        }
        // Both hold at least this many sealed chunks (what is not sealed is
        // always under a chunk).
        let whole = n / CHUNK_LEN;
        let (Some(mine), Some(theirs)) = (list(&self.sealed).get(..whole), list(&other.sealed).get(..whole)) else {
            return self.slice(0, n) == other.slice(0, n);
        };
        let same = theirs
            .iter()
            .zip(mine)
            .all(|(a, b)| Arc::ptr_eq(a, b) || a[..] == b[..]);
        let from = whole * CHUNK_LEN;
        same && self.slice(from, n) == other.slice(from, n)
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

    /// The items from `i` to the end of the stored slice holding it, at most up
    /// to `to`.
    fn piece_at(&self, i: usize, to: usize) -> &[T] {
        let Some((stored, start)) = self.locate(i) else {
            return &[];
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
    /// How many items the run holds.
    pub fn len(&self) -> usize {
        self.to - self.from
    }

    /// Whether the run is empty.
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

    /// The run's first item, if any.
    pub fn first(&self) -> Option<&'a T> {
        self.get(0)
    }

    /// The run's last item, if any.
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

    /// The items of the run, in order.
    pub fn iter(&self) -> Iter<'a, T> {
        Iter {
            of: self.of,
            next: self.from,
            to: self.to,
            piece: [].iter(),
        }
    }

    /// The run as one borrowed slice when it lies within the tail (every
    /// short log): read with no piece to find.
    pub fn in_tail(&self) -> Option<&'a [T]> {
        let start = self.of.tail_start;
        let tail = &self.of.tail[..];
        (self.from >= start).then(|| &tail[self.from - start..self.to - start])
    }

    /// The run as the contiguous stored pieces that hold it, in order: one
    /// slice for a run within one chunk, leaf or tail (every short log).
    pub fn pieces(&self) -> impl Iterator<Item = &'a [T]> {
        self.of.pieces(self.from, self.to)
    }

    /// The items of the run, copied into a vector.
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
    fn truncating_into_a_sealed_chunk_cuts_it_back_into_leaves() {
        let mut v: Chunked<usize> = (0..2 * CHUNK_LEN + 3).collect();
        assert!(v.truncate(CHUNK_LEN + 2 * LEAF_LEN + 5));
        assert_eq!(v, (0..CHUNK_LEN + 2 * LEAF_LEN + 5).collect());
        v.extend_to(2 * CHUNK_LEN);
        assert_eq!(
            v,
            (0..2 * CHUNK_LEN).collect(),
            "sealed again, equal to one built straight"
        );
        assert!(v.truncate(LEAF_LEN));
        assert_eq!(v.all().to_vec(), (0..LEAF_LEN).collect::<Vec<_>>());
    }

    impl Chunked<usize> {
        /// Pushes i for each missing index up to `len`.
        fn extend_to(&mut self, len: usize) {
            for i in self.len()..len {
                self.push(i);
            }
        }
    }

    mod model {
        use super::*;
        use proptest::prelude::*;

        #[derive(Clone, Debug)]
        enum Op {
            Push(usize),
            Truncate(usize),
            Set(usize, usize),
            Snapshot,
        }

        fn op() -> impl Strategy<Value = Op> {
            prop_oneof![
                8 => (0usize..1000).prop_map(Op::Push),
                1 => (0usize..700).prop_map(Op::Truncate),
                1 => (0usize..700, 0usize..1000).prop_map(|(i, x)| Op::Set(i, x)),
                1 => Just(Op::Snapshot),
            ]
        }

        proptest! {
            /// Behaves as a Vec, and clones keep what they had.
            #[test]
            fn matches_a_vec(ops in proptest::collection::vec(op(), 0..1000)) {
                let mut v: Chunked<usize> = Chunked::default();
                let mut model: Vec<usize> = Vec::new();
                let mut kept = Vec::new();
                for o in ops {
                    match o {
                        Op::Push(x) => {
                            v.push(x);
                            model.push(x);
                        }
                        Op::Truncate(n) => {
                            prop_assert_eq!(v.truncate(n), n < model.len());
                            model.truncate(n);
                        }
                        Op::Set(i, x) => {
                            prop_assert_eq!(v.set(i, x), i < model.len());
                            if let Some(slot) = model.get_mut(i) {
                                *slot = x;
                            }
                        }
                        Op::Snapshot => kept.push((v.clone(), model.clone())),
                    }
                    prop_assert_eq!(v.len(), model.len());
                }
                prop_assert_eq!(v.all().to_vec(), model.clone());
                prop_assert_eq!(&v, &model.iter().copied().collect::<Chunked<usize>>());
                for (i, x) in model.iter().enumerate() {
                    prop_assert_eq!(v.get(i), Some(x));
                }
                for (snap, at) in kept {
                    prop_assert_eq!(snap.all().to_vec(), at);
                }
            }
        }
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

    #[test]
    fn a_run_within_the_tail_is_one_slice_and_others_are_not() {
        let short: Chunked<usize> = (0..5).collect();
        assert_eq!(short.all().in_tail(), Some(&[0, 1, 2, 3, 4][..]));
        assert_eq!(short.slice(1, 3).in_tail(), Some(&[1, 2][..]));
        assert_eq!(Chunked::<usize>::default().all().in_tail(), Some(&[][..]));
        let long: Chunked<usize> = (0..LEAF_LEN + 3).collect();
        assert_eq!(
            long.slice(LEAF_LEN, LEAF_LEN + 3).in_tail(),
            Some(&[LEAF_LEN, LEAF_LEN + 1, LEAF_LEN + 2][..])
        );
        assert_eq!(long.all().in_tail(), None, "it starts in a leaf");
        assert_eq!(long.slice(LEAF_LEN - 1, LEAF_LEN + 1).in_tail(), None);
    }
}

//! A state's identity for the explorer: a canonical form of what decides the
//! partition's future, and a 64-bit hash of it.
//!
//! Two states with the same canonical form behave alike under every sequence of
//! steps: the same steps are enabled, they leave states with the same canonical
//! form, and they fire the same violations. That is what makes it sound to
//! explore only the first history that reaches each form. The form holds:
//!
//! - per broker: up, leading or following; its log (each record's leader epoch
//!   and value); its high watermark; its leader-epoch cache; its clean-shutdown
//!   mark (KRaft reads it on restart);
//! - a follower's leader, whether it is validating, and its request out: the
//!   request, the response with its records or that the fetch is parked at the
//!   leader, and the epoch it was sent in;
//! - a leader's epoch start offset and its view of each follower's log end; with
//!   lag ticks, also the times it keeps and its last fetch's leader log end (see
//!   below); without them, whether each follower has caught up at all and, if
//!   not, its last fetch's leader log end;
//! - the controller's view: leader, leader epoch, ISR, ELR, last known leader,
//!   fenced brokers; under KRaft while there is no leader, the broker that led
//!   last (it becomes the last known leader if the ISR empties);
//! - the safety checker's committed records: a later leader that lacks one loses
//!   a committed write, so they decide future violations;
//! - what the history has spent of its bounds (produces, failures): a state
//!   reached with more budget left has more futures.
//!
//! Left out, because no rule reads them: acknowledgements (acked and pending
//! writes only produce `Acked` events), the event history, which violations have
//! fired (the search ends at the first one it looks for, so no explored state
//! has fired one it looks for, and the two checks do not read each other's
//! record), the configuration and protocol (fixed for a run), broker ids,
//! broker epochs (only reported on restart; no rule compares them — if one ever
//! does, they must come in), and whether a broker is down because it halted
//! (shown, never read; a restart clears it).
//!
//! Reductions, each sound for the reason given:
//!
//! - **Values** are renamed by order of first appearance in the form. The model
//!   compares values only for equality and each produce writes a fresh one, so a
//!   renaming changes no future; histories that lost different records merge.
//! - **Time**: the clock only moves by `tick`, and the leader compares times only
//!   as `now − t ≤ replica.lag.time.max.ms` (a replica that counts for the HW),
//!   as `run − t > replica.lag.time.max.ms` at the isr-expiration task's runs,
//!   and by taking the later of two. So each time is kept as its age `now − t`,
//!   capped at lag + 1 (beyond that a follower lags whatever the age, and ages
//!   only grow), a time never set apart from every age. The task runs at the
//!   multiples of replica.lag.time.max.ms / 2 of the absolute clock, so with lag
//!   ticks the form also holds the clock's phase, `now mod (lag / 2)`: it says
//!   where the next run falls, hence which ages lag then. Without lag ticks the
//!   clock stays at 0, so every time set is 0: only whether a follower has
//!   caught up is kept, and, while it has not, the leader log end of its last
//!   fetch (a fetch that reaches it makes it caught up).
//! - **Brokers are not permuted.** The controller picks the first eligible broker
//!   in assignment order and KRaft fences a `crash` statement's brokers in the
//!   order written, so two brokers are not interchangeable even when their logs
//!   are: no symmetry reduction is made.
//!
//! A unit test (`explorer`) holds the reduced search to the verdicts of an exact
//! one, which merges only identical clusters, under every protocol.
//!
//! The search keys states by the form itself, written compactly (`form`:
//! each word in LEB128, a handful of bytes for most), and finds them by its
//! 64-bit hash (`fingerprint`): two states are one only when their forms are
//! equal byte for byte (`visited`), so a collision of hashes costs a
//! comparison, never a state.

use crate::bounds::Spent;
use replab_core::broker::{LeaderState, Volatile};
use replab_core::broker_set::MAX_BROKERS;
use replab_core::message::{Request, Response};
use replab_core::protocol::ControllerKind;
use replab_core::{BrokerIx, BrokerSet, Cluster, Record, Records, Value};

/// What the explorer tracks beside the cluster itself.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tracked {
    /// What the history has spent of its bounds.
    pub spent: Spent,
}

/// The canonical form of `cluster` as words. `clock_moves`: whether the
/// exploration ticks the clock (see the module doc).
pub fn canonical(cluster: &Cluster, tracked: &Tracked, clock_moves: bool) -> Vec<u64> {
    let mut out = Vec::new();
    write_canonical(&mut out, cluster, tracked, clock_moves);
    out
}

/// The state's fingerprint: the hash of its form (`form`).
pub fn fingerprint(cluster: &Cluster, tracked: &Tracked, clock_moves: bool) -> u64 {
    let mut bytes = Vec::new();
    form(cluster, tracked, clock_moves, &mut bytes);
    hash_bytes(&bytes)
}

/// Writes the canonical form of `cluster` into `out` (cleared first), each
/// word in LEB128: seven bits a byte, the high bit set on all but a word's
/// last. Two states' forms are equal exactly when their words are.
pub fn form(cluster: &Cluster, tracked: &Tracked, clock_moves: bool, out: &mut Vec<u8>) {
    out.clear();
    write_canonical(&mut Leb128(out), cluster, tracked, clock_moves);
}

/// Words as LEB128 bytes.
struct Leb128<'a>(&'a mut Vec<u8>);

impl Sink for Leb128<'_> {
    #[inline]
    fn word(&mut self, mut w: u64) {
        while w >= 0x80 {
            self.0.push((w as u8) | 0x80);
            w >>= 7;
        }
        self.0.push(w as u8);
    }
}

/// The 64-bit hash of a form's bytes, the same on every target and Rust
/// release: eight bytes at a time (little-endian, the last few padded with
/// zeros) through the folded multiply of `Hash`, the length last.
pub fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut h = Hash::default();
    let mut chunks = bytes.chunks_exact(8);
    for chunk in chunks.by_ref() {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        h.word(u64::from_le_bytes(word));
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut word = [0; 8];
        word[..rest.len()].copy_from_slice(rest);
        h.word(u64::from_le_bytes(word));
    }
    h.word(bytes.len() as u64);
    h.finish()
}

/// Where the form's words go: kept (`canonical`, the tests' exact search) or
/// hashed as they come (`fingerprint`, the search).
trait Sink {
    fn word(&mut self, w: u64);
}

impl Sink for Vec<u64> {
    fn word(&mut self, w: u64) {
        self.push(w);
    }
}

/// A 64-bit hash of words, the same on every target and Rust release. Each word
/// goes through a folded multiply, `h = fold(h ^ w ^ K0, K1)` (the halves of the
/// 128-bit product XORed, the mixing step wyhash builds on), one multiply a word
/// with nothing to branch on; SplitMix64's finalizer (a bijection with full
/// avalanche) ends it. No count of words: within a run the form is
/// self-delimiting (a count before every list whose length varies, a tag
/// before every variant, in a word of its own or among a packed word's bits).
#[derive(Default)]
struct Hash {
    h: u64,
}

impl Sink for Hash {
    fn word(&mut self, w: u64) {
        self.h = fold(self.h ^ w ^ K0, K1);
    }
}

impl Hash {
    fn finish(self) -> u64 {
        mix(self.h)
    }
}

/// The hash `fingerprint` gives a form of these words.
pub fn hash(words: &[u64]) -> u64 {
    let mut h = Hash::default();
    for &w in words {
        h.word(w);
    }
    h.finish()
}

const K0: u64 = 0xA076_1D64_78BD_642F;
const K1: u64 = 0xE703_7ED1_A0B4_28DB;

fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The folded multiply: the high and low halves of a 128-bit product, XORed.
fn fold(a: u64, b: u64) -> u64 {
    let p = u128::from(a) * u128::from(b);
    (p as u64) ^ ((p >> 64) as u64)
}

/// Writes the form: numbers as words, `None` as a marker no real number takes.
struct Form<'a, S: Sink> {
    out: &'a mut S,
    /// Values in order of first appearance; a value's word is its position.
    values: Values,
    clock_moves: bool,
    now: u64,
    lag: u64,
}

/// Values seen so far, the first few in place (a history writes a handful)
/// so that a form allocates nothing for them.
#[derive(Default)]
struct Values {
    first: [Option<Value>; 8],
    len: usize,
    more: Vec<Value>,
}

impl Values {
    /// The value's position, added at the end if new. Values are interned,
    /// so equality is a pointer comparison.
    #[inline]
    fn position(&mut self, v: Value) -> usize {
        let placed = self.len.min(self.first.len());
        match self.first[..placed].iter().position(|&x| x == Some(v)) {
            Some(i) => i,
            None => self.position_further(v),
        }
    }

    /// `position` for a value not among the first few: found among the
    /// rest, or added.
    #[inline(never)]
    fn position_further(&mut self, v: Value) -> usize {
        if let Some(i) = self.more.iter().position(|&x| x == v) {
            return self.first.len() + i;
        }
        if self.len < self.first.len() {
            self.first[self.len] = Some(v);
        } else {
            self.more.push(v);
        }
        self.len += 1;
        self.len - 1
    }
}

const NONE: u64 = u64::MAX;

/// A broker or none in four bits (0: none): indices stay under
/// `MAX_BROKERS`, so fields packed beside it cannot overlap it.
fn ix(b: Option<BrokerIx>) -> u64 {
    debug_assert!(b.is_none_or(|b| b < MAX_BROKERS));
    b.map_or(0, |b| b as u64 + 1)
}

/// A set of brokers in eight bits.
fn bits(s: BrokerSet) -> u64 {
    u64::from(s.bits())
}

impl<S: Sink> Form<'_, S> {
    fn word(&mut self, w: u64) {
        self.out.word(w);
    }

    fn opt(&mut self, w: Option<u64>) {
        self.word(w.unwrap_or(NONE));
    }

    /// A run of a log or of the committed records: its length, then its
    /// records, read from the tail directly when it lies there (every short
    /// log), else piece by piece.
    fn records(&mut self, run: Records<'_>) {
        self.word(run.len() as u64);
        match run.in_tail() {
            Some(records) => self.record_words(records),
            None => run.pieces().for_each(|piece| self.record_words(piece)),
        }
    }

    fn record_words(&mut self, records: &[Record]) {
        for r in records {
            // The offset is the position: logs and the committed list start
            // at 0 and records in a response are consecutive from the first.
            // The epoch and the value's position share a word: a position
            // counts the values of one state, far below 2³².
            let id = self.values.position(r.value) as u64;
            self.word(u64::from(r.epoch) << 32 | id);
        }
    }

    /// A time as its age, capped where every larger age acts the same; a time
    /// never set apart from every age.
    fn time(&mut self, t: Option<u64>) {
        let age = t.map(|t| self.now.saturating_sub(t).min(self.lag.saturating_add(1)));
        self.opt(age);
    }

    fn leader_state(&mut self, me: BrokerIx, s: &LeaderState) {
        self.word(s.epoch_start_offset);
        // A view for every broker but the leader, in broker order: which
        // follower each is follows from the position.
        for (_, view) in s.followers.iter().enumerate().filter(|&(f, _)| f != me) {
            self.opt(view.leo);
            if self.clock_moves {
                self.time(view.last_caught_up_ms);
                self.time(view.last_fetch.map(|x| x.at_ms));
                self.opt(view.last_fetch.map(|x| x.leader_leo));
            } else {
                // Every time is 0: caught up at 0 is as late as any, so the last
                // fetch matters only to a follower that has not caught up.
                let caught_up = view.last_caught_up_ms.is_some();
                self.word(u64::from(caught_up));
                if !caught_up {
                    self.opt(view.last_fetch.map(|x| x.leader_leo));
                }
            }
        }
    }

    fn request(&mut self, r: &Request) {
        match *r {
            Request::OffsetsForLeaderEpoch { leader_epoch } => {
                self.word(0);
                self.opt(leader_epoch.map(u64::from));
            }
            Request::Fetch {
                offset,
                last_fetched_epoch,
                max,
            } => {
                self.word(1);
                self.word(offset);
                self.opt(last_fetched_epoch.map(u64::from));
                self.opt(max.map(u64::from));
            }
        }
    }

    fn response(&mut self, r: &Response) {
        match r {
            Response::EpochEndOffset { asked, answer } => {
                self.word(0);
                self.opt(asked.map(u64::from));
                self.opt(answer.epoch.map(u64::from));
                self.opt(answer.end_offset);
            }
            Response::Records {
                records,
                high_watermark,
            } => {
                self.word(1);
                self.opt(records.first().map(|r| r.offset));
                self.word(records.len() as u64);
                self.record_words(records);
                self.word(*high_watermark);
            }
            Response::DivergingEpoch {
                epoch,
                end_offset,
                high_watermark,
            } => {
                self.word(2);
                self.word(u64::from(*epoch));
                self.word(*end_offset);
                self.word(*high_watermark);
            }
            Response::OffsetOutOfRange { log_end_offset } => {
                self.word(3);
                self.word(*log_end_offset);
            }
        }
    }
}

fn write_canonical<S: Sink>(out: &mut S, cluster: &Cluster, tracked: &Tracked, clock_moves: bool) {
    let lag = cluster.config().replica_lag_time_max_ms;
    let mut f = Form {
        out,
        values: Values::default(),
        clock_moves,
        now: cluster.now_ms(),
        lag,
    };
    if clock_moves {
        // Where the isr-expiration task's next run falls (`isr_expiration_run`).
        f.word(cluster.now_ms() % (lag / 2).max(1));
    }
    for (b, broker) in cluster.brokers().iter().enumerate() {
        let d = &broker.durable;
        f.records(d.log.records());
        f.word(d.hw);
        f.word(d.epoch_cache.entries().len() as u64);
        for e in d.epoch_cache.entries() {
            f.word(u64::from(e.epoch));
            f.word(e.start_offset);
        }
        // The broker's small fields in one word: its clean-shutdown mark, up
        // as leader or follower or down, and a follower's leader, whether it
        // validates and whether a request is out.
        let clean = u64::from(d.clean_shutdown);
        match &broker.volatile {
            None => f.word(clean),
            Some(Volatile::Leader(s)) => {
                f.word(clean | 1 << 1);
                f.leader_state(b, s);
            }
            Some(Volatile::Follower(s)) => {
                let request_out = u64::from(s.in_flight.is_some());
                f.word(clean | 2 << 1 | ix(s.leader) << 3 | u64::from(s.validating) << 7 | request_out << 8);
                if let Some(i) = &s.in_flight {
                    f.request(&i.request);
                    match &i.response {
                        Some(r) => f.response(r),
                        None => f.word(4), // parked at the leader
                    }
                    f.word(u64::from(i.leader_epoch));
                }
            }
        }
    }
    // Read only by the KRaft controller, and only while no broker leads.
    let reads_last_leader = cluster.controller() == ControllerKind::KRaft && cluster.leader().is_none();
    // The controller's view but the epoch in one word: brokers (with None)
    // in four bits, sets in eight.
    f.word(
        ix(cluster.leader())
            | bits(cluster.isr()) << 4
            | bits(cluster.elr()) << 12
            | ix(cluster.last_known_leader()) << 20
            | bits(cluster.fenced()) << 24
            | ix(cluster.last_leader().filter(|_| reads_last_leader)) << 32,
    );
    f.word(u64::from(cluster.leader_epoch()));
    f.records(cluster.safety().committed());
    f.word(u64::from(tracked.spent.produces) | u64::from(tracked.spent.failures) << 32);
    // Consumers, only when a search polls with them (a form without any is
    // the form of a search without consumers, so their figures stay).
    if !cluster.consumers().is_empty() {
        f.consumers(cluster);
    }
}

impl<S: Sink> Form<'_, S> {
    /// Every consumer, in the order of its first poll: its name, position,
    /// position epoch, the reset it owes, the leader and epoch it last used
    /// its position with, its last error, and what it read (offset, epoch and
    /// value each). What the safety checker records of reads is left out: which
    /// records were read at each offset follows from the reads, and which lost
    /// reads were reported only keeps a violation from being told twice.
    fn consumers(&mut self, cluster: &Cluster) {
        self.word(cluster.consumers().len() as u64);
        for c in cluster.consumers() {
            // The name's bytes (c1 … c8 in a search), a word.
            let name = c.name.bytes().take(8).fold(0u64, |w, b| w << 8 | u64::from(b));
            self.word(name);
            self.opt(c.position);
            self.opt(c.position_epoch.map(u64::from));
            self.opt(
                c.reset_due
                    .map(|d| d.from << 1 | u64::from(d.cause == replab_core::consumer::ResetCause::Undefined)),
            );
            self.opt(c.used_with.map(|(l, e)| (l as u64) << 32 | u64::from(e)));
            self.opt(c.error.map(|e| e as u64));
            let reads = c.read();
            self.word(reads.len() as u64);
            for r in reads.iter() {
                let id = self.values.position(r.value) as u64;
                self.word(r.offset);
                self.word(u64::from(r.epoch) << 32 | id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::scenario::{parse, run};

    fn state(script: &str) -> (Cluster, Tracked) {
        let s = parse(script).expect("script");
        let r = run(&s, None).expect("run");
        let tracked = Tracked {
            spent: Spent::default(),
        };
        (r.cluster, tracked)
    }

    fn print(script: &str, clock: bool) -> u64 {
        let (c, b) = state(script);
        fingerprint(&c, &b, clock)
    }

    #[test]
    fn values_are_compared_up_to_renaming() {
        let a = print("brokers A B\nproduce m1\nfetch B", false);
        let b = print("brokers A B\nproduce x\nfetch B", false);
        assert_eq!(a, b);
        let c = print("brokers A B\nproduce m1\nproduce m2\nfetch B", false);
        let d = print("brokers A B\nproduce m2\nproduce m1\nfetch B", false);
        assert_eq!(c, d);
        let e = print("brokers A B\nproduce m1\nproduce m1\nfetch B", false);
        assert_ne!(c, e, "two records with one value are not two values");
    }

    #[test]
    fn acknowledgements_do_not_count() {
        let all = print("brokers A B\nproduce m1\nfetch B\nfetch B", false);
        let one = print("brokers A B\nproduce m1 acks=1\nfetch B\nfetch B", false);
        assert_eq!(all, one);
    }

    #[test]
    fn what_a_follower_holds_counts() {
        let before = print("brokers A B\nproduce m1", false);
        let after = print("brokers A B\nproduce m1\nfetch B", false);
        let in_flight = print("brokers A B\nproduce m1\nsend B", false);
        assert_ne!(before, after);
        assert_ne!(after, in_flight);
        assert_ne!(before, in_flight);
    }

    #[test]
    fn the_clock_counts_as_ages_capped_past_the_lag_and_the_phase_of_the_isr_check() {
        // The isr-expiration task runs every 50 ms; after two ticks B and C
        // have left the ISR, and every time is older than the lag.
        let head = "brokers A B C\nset replica.lag.time.max.ms=100\nproduce m1\nfetch B\ntick 101\ntick 101\n";
        let twice = print(head, true);
        let later = print(&format!("{head}tick 5050"), true);
        assert_eq!(
            twice, later,
            "the same capped ages at the same phase (202 and 5252 ms, 2 past a run)"
        );
        let thrice = print(&format!("{head}tick 101"), true);
        assert_ne!(
            twice, thrice,
            "303 ms is 3 past a run: the next tick's run falls elsewhere"
        );
        let fresh = print(
            "brokers A B C\nset replica.lag.time.max.ms=100\nproduce m1\nfetch B\n",
            true,
        );
        assert_ne!(fresh, twice);
        assert_eq!(
            print(head, false),
            print(head, false),
            "without ticks the times are left out"
        );
    }

    /// B caught up just now, at 49 ms or at 48 ms: the same ages, but the next
    /// tick's check of the ISR runs at 150 ms (101 after B caught up: it lags)
    /// or at 100 ms (52 after: it stays). Before Kafka 2.1 only the time counts.
    #[test]
    fn the_phase_keeps_apart_states_whose_next_check_differs() {
        let at = |ms: u64| {
            let head = format!(
                "protocol kip-101\nbrokers A B\nset replica.lag.time.max.ms=100\nproduce m1\nfetch B\ntick {ms}\nfetch B\n"
            );
            let (after, _) = state(&format!("{head}tick 101"));
            (print(&head, true), after.isr().len())
        };
        let (fp49, isr49) = at(49);
        let (fp48, isr48) = at(48);
        assert_eq!((isr49, isr48), (1, 2), "B lags after 49 ms, not after 48 ms");
        assert_ne!(fp49, fp48);
    }

    #[test]
    fn the_hash_spreads_small_differences() {
        let a = hash(&[0, 1, 2]);
        let b = hash(&[0, 1, 3]);
        let c = hash(&[0, 1]);
        assert_ne!(a, b);
        assert_ne!(a, c);
        assert!((a ^ b).count_ones() > 16);
    }
}

//! Breadth-first search over every history within the bounds, a slice at a time.
//!
//! States are expanded level by level, and every step from a state is checked
//! for a violation — also a step into a state already seen, since a violation is
//! fired by a step (a committed record overwritten leaves a state another history
//! reaches cleanly). So the first violation found ends the shortest history that
//! fires one. For each state only its parent and the index of the step from it
//! are kept; the trace is rebuilt by replaying from the setup.

use crate::actions::{actions, next_value};
use crate::bounds::Bounds;
use crate::bounds::Spent;
use crate::claims::Claims;
use crate::fingerprint::Tracked;
use crate::fingerprint::{form, hash_bytes};
use crate::state::State;
use crate::trace::replay;
use crate::visited::Visited;
use replab_core::broker_set::MAX_BROKERS;
use replab_core::packed;
use replab_core::scenario::is_broker_id;
use replab_core::{Command, Event, KeySet, Setup, Value, Violation, ViolationKind};
use std::collections::VecDeque;
use std::ops::Range;

/// Where the explorer stands after a slice of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Distinct states seen so far.
    pub states: usize,
    /// Steps tried so far (including those into states already seen).
    pub transitions: u64,
    /// States seen but not yet expanded (0 once done).
    pub frontier: usize,
    /// The depth (number of steps from the setup) of the states being expanded.
    pub depth: usize,
    /// Whether the search has ended; `Explorer::outcome` says how.
    pub done: bool,
    /// The kind of violation found, if the search ended with one.
    pub found: Option<ViolationKind>,
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A shortest history that fires a violation the bounds look for.
    Violation {
        /// Which safety check fired.
        kind: ViolationKind,
        /// The violation as the safety checker reported it at the trace's last step.
        violation: Violation,
        /// The commands from the setup, in order.
        trace: Vec<Command>,
        /// Distinct states seen before it was found.
        states: usize,
    },
    /// Every history within the bounds was explored: none fires a violation.
    NoViolation {
        /// Distinct states seen.
        states: usize,
        /// The length of the longest history needed to reach every state.
        depth: usize,
    },
    /// `Bounds::max_states` was reached first: no violation up to `depth` steps,
    /// nothing known beyond.
    StateLimit {
        /// Distinct states seen: the limit.
        states: usize,
        /// The depth every history was explored to.
        depth: usize,
    },
    /// Replaying the path to a violation did not fire it again. The model is
    /// deterministic, so this is a bug (in the model or here), reported rather
    /// than hidden.
    ReplayFailed {
        /// The step of the path where the replay went another way.
        at_step: usize,
    },
}

impl Outcome {
    /// Distinct states seen when the search ended (None: the replay failed).
    pub fn states(&self) -> Option<usize> {
        match self {
            Outcome::Violation { states, .. }
            | Outcome::NoViolation { states, .. }
            | Outcome::StateLimit { states, .. } => Some(*states),
            Outcome::ReplayFailed { .. } => None,
        }
    }

    /// Whether every history within the bounds was explored (a search that
    /// found a violation stopped there; one that hit the state limit was cut).
    pub fn is_complete(&self) -> bool {
        matches!(self, Outcome::NoViolation { .. })
    }
}

/// Why a setup cannot be explored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Fewer than one broker, or more than the model holds.
    BrokerCount {
        /// How many the setup has.
        count: usize,
    },
    /// The leader is not one of the brokers.
    LeaderOutOfRange {
        /// Its index.
        leader: usize,
    },
    /// An id the scenario language could not write back.
    BadBrokerId {
        /// The id.
        id: String,
    },
    /// Two brokers with one id.
    DuplicateBroker {
        /// The id.
        id: String,
    },
}

/// How a state was first reached: its parent and the index of the step.
#[derive(Clone, Copy, Debug)]
struct Link {
    parent: u32,
    action: u32,
}

const ROOT: u32 = u32::MAX;

/// States expanded between two merges: enough to share among threads, few
/// enough that the states they reach twice are dropped soon.
const BATCH: usize = 256;

/// States expanded between two merges on several threads: each merge wakes
/// the pool again, which costs most on a virtual machine (256 states a batch
/// made about 6,300 context switches a run of the lab bar's workload, 2,048
/// about 900).
#[cfg(feature = "parallel")]
const PARALLEL_BATCH: usize = 2048;

/// The states a thread takes from a batch at a time.
#[cfg(feature = "parallel")]
const PIECE: usize = 32;

/// What a state of the frontier that does not pack holds, its boxed cluster
/// with its allocations, with three brokers: about 1,450 bytes counted by an
/// allocator over a whole search (kraft-elr, min.insync.replicas 2).
pub const FRONTIER_STATE: usize = 1_450;

/// A state to expand.
#[derive(Clone)]
struct Node {
    id: u32,
    state: Stored,
    /// The step that first reached it (None: the setup).
    came_by: Option<Command>,
}

/// A state of the frontier: packed (`replab_core::packed`, tens of bytes),
/// or whole when it does not pack (consumers' reads and the like).
#[derive(Clone)]
enum Stored {
    Packed { bytes: Box<[u8]>, tracked: Tracked },
    Whole(Box<State>),
}

impl Node {
    /// What it holds beside itself (the frontier's slots count it).
    fn bytes(&self) -> usize {
        match &self.state {
            Stored::Packed { bytes, .. } => bytes.len(),
            Stored::Whole(_) => FRONTIER_STATE,
        }
    }
}

/// How a state is identified: its canonical form written into the buffer,
/// given whether the clock moves. Tests swap in an exact key to check the
/// reductions.
type Key = fn(&State, bool, &mut Vec<u8>);

fn canonical_key(s: &State, clock_moves: bool, out: &mut Vec<u8>) {
    form(&s.cluster, &s.tracked, clock_moves, out);
}

/// What one step from a state gave that the search must hear, in step order.
enum Child {
    /// A state not seen before the batch began (it may still be seen earlier in
    /// the batch: the merge decides).
    New {
        action: u32,
        /// Steps tried from the state up to and including this one.
        tried: u32,
        fingerprint: u64,
        /// Its form, in the piece's `forms`.
        form: Range<usize>,
        state: Stored,
        came_by: Command,
    },
    /// A state not seen before the batch that this piece or an earlier one
    /// claimed (`Claims`): kept by the claimer, so left out here. Its form
    /// comes along all the same: claims go by hash, and should the claimer's
    /// form differ (two forms, one hash) the merge makes the state again.
    Claimed {
        action: u32,
        tried: u32,
        fingerprint: u64,
        form: Range<usize>,
    },
    /// The step fired a violation the bounds look for: the search ends here.
    Violation {
        action: u32,
        tried: u32,
        violation: Violation,
    },
}

/// A state's expansion: the state's id, how many steps were tried (all of
/// them, or up to and including a violation's), and how many children it gave.
struct Expanded {
    id: u32,
    tried: u64,
    children: usize,
    /// The settings that decided a rule in any step tried from it.
    consulted: KeySet,
}

/// A run of a batch's states expanded on one thread, in the batch's order, with
/// their children in one list: one allocation a piece rather than one a state,
/// freed by the thread that merges it.
#[derive(Default)]
struct Piece {
    expanded: Vec<Expanded>,
    children: Vec<Child>,
    /// The forms of its children, back to back.
    forms: Vec<u8>,
}

/// The part of the search a batch's expansions read and never write, so that
/// they can run on several threads at once.
struct Expand<'a> {
    bounds: &'a Bounds,
    /// The search's first state: what packed states leave out
    /// (`replab_core::packed`).
    template: &'a State,
    /// The values a search writes, by their place in packed states.
    values: &'a [Value],
    key: Key,
    visited: &'a Visited,
    /// Which piece keeps each state new to the batch.
    claims: &'a Claims,
    /// Whether a delivery right after its send is left untried (always but
    /// in the test that compares both searches).
    skip_split_fetches: bool,
}

/// What a thread reuses from one step to the next, and natively from one batch
/// to the next: the events, the state a step is applied to (cloned only when it
/// is new), and the allocations of states already expanded.
/// Aligned to 128 bytes (two cache lines, what adjacent-line prefetch pairs):
/// the threads' scratches sit side by side, and each is written at every step.
#[derive(Default)]
#[repr(align(128))]
struct Scratch {
    events: Vec<Event>,
    state: Option<State>,
    /// The form of the state a step left.
    form: Vec<u8>,
    /// The state a step left, packed.
    packed: Vec<u8>,
    /// States already expanded, kept for their allocations: a new state moves
    /// into one of them instead of a fresh clone. Boxed: the box is reused too,
    /// as the new state's node.
    #[allow(clippy::vec_box)]
    spare: Vec<Box<State>>,
}

/// How many expanded states a thread keeps for their allocations.
const SPARE: usize = 64;

impl Expand<'_> {
    /// Expands the nodes in order into the batch's piece `index`, with
    /// `scratch`.
    fn piece<I>(&self, scratch: &mut Scratch, index: u32, nodes: I) -> Piece
    where
        I: IntoIterator<Item = Node>,
        I::IntoIter: ExactSizeIterator,
    {
        let nodes = nodes.into_iter();
        // Room for two new states a state (about one on average), so that the
        // lists are not copied as they grow (about 1 % of the instructions).
        let mut piece = Piece {
            expanded: Vec::with_capacity(nodes.len()),
            children: Vec::with_capacity(2 * nodes.len()),
            forms: Vec::new(),
        };
        for node in nodes {
            self.node(scratch, index, node, &mut piece);
        }
        piece
    }

    /// Expands `node` into `piece`, then keeps its state as a spare (or drops
    /// it, on the thread that expanded it).
    fn node(&self, scratch: &mut Scratch, index: u32, node: Node, piece: &mut Piece) {
        let Node { id, state, came_by } = node;
        let state = match state {
            Stored::Whole(state) => state,
            Stored::Packed { bytes, tracked } => {
                let mut state = scratch.spare.pop().unwrap_or_else(|| Box::new(self.template.clone()));
                let unpacked = packed::unpack(&bytes, &self.template.cluster, self.values, &mut state.cluster);
                assert!(unpacked.is_some(), "a state packed by this search does not unpack");
                state.tracked = tracked;
                state
            }
        };
        let before = piece.children.len();
        let mut consulted = KeySet::default();
        let tried = self.state(scratch, index, &state, came_by.as_ref(), piece, &mut consulted);
        if scratch.spare.len() < SPARE {
            scratch.spare.push(state);
        }
        piece.expanded.push(Expanded {
            id,
            tried,
            children: piece.children.len() - before,
            consulted,
        });
    }

    /// Expands `state`, first reached by `came_by`, in piece `index`, its
    /// children pushed onto `children` and the settings its steps consulted
    /// onto `consulted`; the steps tried.
    ///
    /// A step that completes a fetch split in two (`Command::completes_fetch`:
    /// the delivery right after its send) is not tried: it leaves the state the
    /// fetch from the state before the send left, with the violations it fired,
    /// and that fetch was tried a level above, so the step could reach no new
    /// state and fire nothing the search has not met first.
    fn state(
        &self,
        scratch: &mut Scratch,
        index: u32,
        state: &State,
        came_by: Option<&Command>,
        piece: &mut Piece,
        consulted: &mut KeySet,
    ) -> u64 {
        let clock = self.bounds.clock_moves();
        let steps = actions(&state.cluster, state.tracked.spent, self.bounds);
        let Scratch {
            events,
            state: child,
            form,
            packed: bytes,
            spare,
        } = scratch;
        let child = child.get_or_insert_with(|| state.clone());
        // Whether the scratch is this state with one step applied (restored by
        // copying back what the step changed) or another state altogether.
        let mut made_from_state = false;
        let mut tried = 0;
        for (i, command) in steps.iter().enumerate() {
            if self.skip_split_fetches && came_by.is_some_and(|last| last.completes_fetch(command)) {
                continue;
            }
            let action = i as u32;
            tried += 1;
            let applied = state.after_into(command, child, events, made_from_state, consulted);
            made_from_state = true;
            if !applied {
                continue;
            }
            if child.cluster.leader_epoch() > self.bounds.max_epoch {
                continue;
            }
            if let Some(violation) = State::wanted_violation(events, self.bounds) {
                piece.children.push(Child::Violation {
                    action,
                    tried,
                    violation,
                });
                return u64::from(tried);
            }
            (self.key)(child, clock, form);
            let fingerprint = hash_bytes(form);
            if self.visited.contains(fingerprint, form) {
                continue;
            }
            let start = piece.forms.len();
            piece.forms.extend_from_slice(form);
            let form = start..piece.forms.len();
            // A state two steps of the batch reach (a diamond: a then b, b
            // then a) is cloned by the first piece only: the merge would drop
            // a later one.
            if !self.claims.keep(fingerprint, index) {
                piece.children.push(Child::Claimed {
                    action,
                    tried,
                    fingerprint,
                    form,
                });
            } else {
                child.keeps_invariants(command);
                let state = if packed::pack(&child.cluster, self.values, bytes) {
                    Stored::Packed {
                        bytes: bytes.as_slice().into(),
                        tracked: child.tracked.clone(),
                    }
                } else {
                    // The new state moves into a spare's box, and the spare's
                    // allocations become the scratch the next step is made in.
                    Stored::Whole(match spare.pop() {
                        Some(mut boxed) => {
                            std::mem::swap(&mut *boxed, child);
                            made_from_state = false;
                            boxed
                        }
                        None => Box::new(child.clone()),
                    })
                };
                piece.children.push(Child::New {
                    action,
                    tried,
                    fingerprint,
                    form,
                    state,
                    came_by: command.clone(),
                });
            }
        }
        u64::from(tried)
    }
}

/// An exhaustive search, run in slices by `step`.
///
/// A slice expands a batch of the current level's states, on `threads` threads
/// natively (the `parallel` feature), then merges what they gave in the order
/// one thread would have met it: states in the order they were first seen, the
/// steps from each in `actions` order. So ids, parents, counts, the outcome and
/// the shortest history are the same whatever the threads and the slices.
pub struct Explorer {
    setup: Setup,
    bounds: Bounds,
    key: Key,
    visited: Visited,
    /// By state id, in the order states were first seen.
    links: Vec<Link>,
    current: VecDeque<Node>,
    next: VecDeque<Node>,
    /// What the nodes of `next` hold (`Node::bytes`); `current`'s were
    /// counted when they were in `next`, and leave the count as they go.
    frontier_bytes: usize,
    /// The search's first state, and the values it writes: what packed
    /// states leave out, and their values' places (`replab_core::packed`).
    template: State,
    values: Vec<Value>,
    depth: usize,
    transitions: u64,
    /// The settings that decided a rule in a step tried from a state merged so far.
    consulted: KeySet,
    /// The most bytes the search held after a slice (`bytes`).
    peak_bytes: usize,
    scratch: Scratch,
    /// Which piece of the batch being expanded keeps each new state.
    claims: Claims,
    /// `Expand::skip_split_fetches`: false only in the test comparing both.
    skip_split_fetches: bool,
    outcome: Option<Outcome>,
    #[cfg(feature = "parallel")]
    pool: Option<rayon::ThreadPool>,
    /// A scratch per thread of the pool, kept from one batch to the next.
    #[cfg(feature = "parallel")]
    scratches: Vec<std::sync::Mutex<Scratch>>,
}

impl Explorer {
    /// A search from `setup`'s start. Memory grows with the states seen: about
    /// 450 bytes each with three brokers, most of it the frontier's clusters
    /// (and each thread keeps up to 64 expanded states for their allocations).
    pub fn new(setup: Setup, bounds: Bounds) -> Result<Explorer, SetupError> {
        check_setup(&setup)?;
        let start = State::start(&setup);
        let values = (0..=bounds.max_produces)
            .map(|produces| next_value(Spent { produces, failures: 0 }))
            .collect();
        let mut visited = Visited::default();
        let mut root = Vec::new();
        canonical_key(&start, bounds.clock_moves(), &mut root);
        visited.insert(hash_bytes(&root), &root);
        Ok(Explorer {
            setup,
            bounds,
            key: canonical_key,
            visited,
            links: vec![Link {
                parent: ROOT,
                action: ROOT,
            }],
            current: VecDeque::from([Node {
                id: 0,
                state: Stored::Whole(Box::new(start.clone())),
                came_by: None,
            }]),
            frontier_bytes: 0,
            template: start,
            values,
            next: VecDeque::new(),
            depth: 0,
            transitions: 0,
            consulted: KeySet::default(),
            peak_bytes: 0,
            scratch: Scratch::default(),
            claims: Claims::for_batch(BATCH),
            skip_split_fetches: true,
            outcome: None,
            #[cfg(feature = "parallel")]
            pool: None,
            #[cfg(feature = "parallel")]
            scratches: Vec::new(),
        })
    }

    /// Expands each slice on `threads` threads (1: on the caller's, the
    /// default). The result is the same for any number.
    #[cfg(feature = "parallel")]
    pub fn with_threads(mut self, threads: usize) -> Explorer {
        self.pool = (threads > 1)
            .then(|| rayon::ThreadPoolBuilder::new().num_threads(threads).build().ok())
            .flatten();
        let count = self.pool.as_ref().map_or(0, rayon::ThreadPool::current_num_threads);
        self.scratches = (0..count).map(|_| Default::default()).collect();
        self.claims = Claims::for_batch(self.batch());
        self
    }

    /// The setup the search started from.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The bounds it searches within.
    pub fn bounds(&self) -> &Bounds {
        &self.bounds
    }

    /// Expands up to `budget` states and says where the search stands. Once it is
    /// done, further calls do nothing.
    pub fn step(&mut self, budget: usize) -> Progress {
        let mut left = budget;
        while self.outcome.is_none() && left > 0 {
            if self.current.is_empty() {
                if self.next.is_empty() {
                    self.finish(Outcome::NoViolation {
                        states: self.visited.len(),
                        depth: self.depth,
                    });
                } else {
                    std::mem::swap(&mut self.current, &mut self.next);
                    self.depth += 1;
                }
                continue;
            }
            // Small batches: a state a batch reaches twice lives until the merge.
            let take = left.min(self.current.len()).min(self.batch());
            let batch: Vec<Node> = self.current.drain(..take).collect();
            let leaving: usize = batch.iter().map(Node::bytes).sum();
            self.frontier_bytes = self.frontier_bytes.saturating_sub(leaving);
            let expansions = self.expand(batch);
            self.merge(expansions);
            left -= take;
            self.peak_bytes = self.peak_bytes.max(self.bytes());
            if self.outcome.is_none() && self.bounds.max_bytes.is_some_and(|m| self.bytes() > m) {
                self.finish(Outcome::StateLimit {
                    states: self.visited.len(),
                    depth: self.depth,
                });
            }
        }
        self.progress()
    }

    /// Ends the search as one cut short (`Outcome::StateLimit` with the
    /// counts it has now): a front end whose memory budget it passed.
    pub fn stop(&mut self) {
        if self.outcome.is_none() {
            self.finish(Outcome::StateLimit {
                states: self.visited.len(),
                depth: self.depth,
            });
        }
    }

    /// The bytes the search holds now: the visited forms and their table, a
    /// link a state, and the frontier's states (`Node::bytes`).
    pub fn bytes(&self) -> usize {
        let slots = self.current.capacity() + self.next.capacity();
        let frontier = self.frontier_bytes + slots * std::mem::size_of::<Node>();
        self.visited.bytes() + self.links.capacity() * std::mem::size_of::<Link>() + frontier
    }

    /// The most bytes it held after any slice so far.
    pub fn peak_bytes(&self) -> usize {
        self.peak_bytes
    }

    /// The states a slice expands before it merges them.
    fn batch(&self) -> usize {
        #[cfg(feature = "parallel")]
        if self.pool.is_some() {
            return PARALLEL_BATCH;
        }
        BATCH
    }

    /// Runs to the end.
    pub fn run(mut self) -> Outcome {
        loop {
            self.step(usize::MAX);
            if let Some(o) = self.outcome.take() {
                return o;
            }
        }
    }

    /// Where the search stands now.
    pub fn progress(&self) -> Progress {
        Progress {
            states: self.visited.len(),
            transitions: self.transitions,
            frontier: self.current.len() + self.next.len(),
            depth: self.depth,
            done: self.outcome.is_some(),
            found: match &self.outcome {
                Some(Outcome::Violation { kind, .. }) => Some(*kind),
                _ => None,
            },
        }
    }

    /// The settings whose value decided a rule in some step of the search so
    /// far (`replab_core::config::Consulted`). One it never consulted could
    /// have had the other value: the search would have been the same, step for
    /// step. Counted over every state merged, the whole of one that ended the
    /// search included, so it is the same whatever the threads and slices.
    pub fn consulted(&self) -> KeySet {
        self.consulted
    }

    /// How the search ended; None while it runs.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Every state of the batch expanded, in pieces in the batch's order.
    fn expand(&mut self, batch: Vec<Node>) -> Vec<Piece> {
        self.claims.clear();
        let expand = Expand {
            bounds: &self.bounds,
            template: &self.template,
            values: &self.values,
            key: self.key,
            visited: &self.visited,
            claims: &self.claims,
            skip_split_fetches: self.skip_split_fetches,
        };
        #[cfg(feature = "parallel")]
        if let Some(pool) = &self.pool {
            use rayon::prelude::*;
            use std::sync::Mutex;
            // Pieces of PIECE states, each expanded with its thread's scratch
            // (its spare states and allocations, kept from batch to batch); a
            // piece that finds it taken makes one of its own. A piece claims
            // the states it keeps by its index (`Claims`): a thread may take a
            // later piece before an earlier one, and the merge keeps a state
            // from the first in the batch's order.
            let mut nodes = batch.into_iter();
            let pieces: Vec<Vec<Node>> = std::iter::from_fn(|| {
                let piece: Vec<Node> = nodes.by_ref().take(PIECE).collect();
                (!piece.is_empty()).then_some(piece)
            })
            .collect();
            let scratches = &self.scratches;
            return pool.install(|| {
                pieces
                    .into_par_iter()
                    .enumerate()
                    .map(|(index, nodes)| {
                        let index = index as u32;
                        let mine = rayon::current_thread_index()
                            .and_then(|i| scratches.get(i))
                            .map(Mutex::try_lock);
                        match mine {
                            Some(Ok(mut scratch)) => expand.piece(&mut scratch, index, nodes),
                            _ => expand.piece(&mut Scratch::default(), index, nodes),
                        }
                    })
                    .collect()
            });
        }
        vec![expand.piece(&mut self.scratch, 0, batch)]
    }

    /// Takes in a batch's pieces in order, as one thread expanding the states
    /// one after the other would have: the first step into a state names its
    /// parent, and the first violation or the state limit ends the search with
    /// the counts it had then.
    fn merge(&mut self, pieces: Vec<Piece>) {
        for piece in pieces {
            let mut children = piece.children.into_iter();
            for expanded in piece.expanded {
                let before = self.transitions;
                self.consulted = self.consulted.union(expanded.consulted);
                for child in children.by_ref().take(expanded.children) {
                    let (action, tried, fingerprint, form, state) = match child {
                        Child::Violation {
                            action,
                            tried,
                            violation,
                        } => {
                            self.transitions = before + u64::from(tried);
                            let outcome = self.found(expanded.id, action as usize, violation);
                            return self.finish(outcome);
                        }
                        Child::New {
                            action,
                            tried,
                            fingerprint,
                            form,
                            state,
                            came_by,
                        } => (action, tried, fingerprint, form, Some((state, came_by))),
                        Child::Claimed {
                            action,
                            tried,
                            fingerprint,
                            form,
                        } => (action, tried, fingerprint, form, None),
                    };
                    if !self.visited.insert(fingerprint, &piece.forms[form]) {
                        continue;
                    }
                    // Ids are u32 (ROOT excepted) to keep a link at 8 bytes.
                    let over_limit = self.bounds.max_states.is_some_and(|m| self.visited.len() > m);
                    let id = u32::try_from(self.links.len()).ok().filter(|&id| id != ROOT);
                    let Some(id) = id.filter(|_| !over_limit) else {
                        self.transitions = before + u64::from(tried);
                        return self.finish(Outcome::StateLimit {
                            states: self.visited.len() - 1,
                            depth: self.depth,
                        });
                    };
                    // A claimed state new here: its claimer's form only shared
                    // its hash. Made again by replaying its history.
                    let rebuilt = || self.rebuild(expanded.id, action).map(|(s, c)| (Stored::Whole(s), c));
                    let Some((state, came_by)) = state.or_else(rebuilt) else {
                        let at_step = self.depth + 1;
                        return self.finish(Outcome::ReplayFailed { at_step });
                    };
                    self.links.push(Link {
                        parent: expanded.id,
                        action,
                    });
                    let node = Node {
                        id,
                        state,
                        came_by: Some(came_by),
                    };
                    self.frontier_bytes += node.bytes();
                    self.next.push_back(node);
                }
                self.transitions = before + expanded.tried;
            }
        }
    }

    /// The history from the setup to state `id`, as the index of each step.
    fn path_to(&self, id: u32) -> Vec<u32> {
        let mut path = Vec::new();
        let mut at = id;
        while let Some(link) = self.links.get(at as usize).filter(|l| l.parent != ROOT) {
            path.push(link.action);
            at = link.parent;
        }
        path.reverse();
        path
    }

    /// The state step `action` from state `id` leaves, made again from the
    /// setup, with the step.
    fn rebuild(&self, id: u32, action: u32) -> Option<(Box<State>, Command)> {
        let mut path = self.path_to(id);
        path.push(action);
        let replayed = replay(&self.setup, &self.bounds, &path).ok()?;
        let mut state = State::start(&self.setup);
        for command in &replayed.commands {
            state = state.after(command)?.0;
        }
        Some((Box::new(state), replayed.commands.last()?.clone()))
    }

    /// Ends the search, freeing the frontier (the bulk of the memory).
    fn finish(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.current = VecDeque::new();
        self.next = VecDeque::new();
    }

    /// The outcome for a violation fired by step `action` from state `id`.
    fn found(&self, id: u32, action: usize, violation: Violation) -> Outcome {
        let mut path = self.path_to(id);
        path.push(action as u32);
        let kind = violation.kind();
        match replay(&self.setup, &self.bounds, &path) {
            Ok(r) if r.violation.as_ref() == Some(&violation) => Outcome::Violation {
                kind,
                violation,
                trace: r.commands,
                states: self.visited.len(),
            },
            Ok(r) => Outcome::ReplayFailed {
                at_step: r.commands.len(),
            },
            Err(at_step) => Outcome::ReplayFailed { at_step },
        }
    }
}

/// Runs a whole search.
pub fn explore(setup: Setup, bounds: Bounds) -> Result<Outcome, SetupError> {
    Ok(Explorer::new(setup, bounds)?.run())
}

fn check_setup(setup: &Setup) -> Result<(), SetupError> {
    let count = setup.brokers.len();
    if count == 0 || count > MAX_BROKERS {
        return Err(SetupError::BrokerCount { count });
    }
    if setup.leader >= count {
        return Err(SetupError::LeaderOutOfRange { leader: setup.leader });
    }
    for (i, id) in setup.brokers.iter().enumerate() {
        if !is_broker_id(id) {
            return Err(SetupError::BadBrokerId { id: id.clone() });
        }
        if setup.brokers[..i].contains(id) {
            return Err(SetupError::DuplicateBroker { id: id.clone() });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::Protocol;
    use std::hash::{DefaultHasher, Hash, Hasher};

    /// Everything the model holds, acknowledgements and fired checks included:
    /// only identical states merge (two 64-bit hashes of it, with different
    /// keys, stand for it).
    fn exact_key(s: &State, _: bool, out: &mut Vec<u8>) {
        out.clear();
        for key in [0u8, 1] {
            let mut h = DefaultHasher::new();
            key.hash(&mut h);
            s.cluster.hash(&mut h);
            s.tracked.hash(&mut h);
            out.extend_from_slice(&h.finish().to_le_bytes());
        }
    }

    fn exact(setup: Setup, bounds: Bounds) -> Outcome {
        let mut e = Explorer::new(setup, bounds).expect("setup");
        e.key = exact_key;
        e.visited.clear();
        let mut root = Vec::new();
        exact_key(&e.template, false, &mut root);
        e.visited.insert(hash_bytes(&root), &root);
        e.run()
    }

    /// What a sound reduction must keep: whether a violation exists within the
    /// bounds, of which kind first, and the length of the shortest history.
    fn verdict(o: &Outcome) -> Option<(ViolationKind, usize)> {
        match o {
            Outcome::Violation { kind, trace, .. } => Some((*kind, trace.len())),
            Outcome::NoViolation { .. } => None,
            other => panic!("{other:?}"),
        }
    }

    fn states(o: &Outcome) -> usize {
        match o {
            Outcome::Violation { states, .. } | Outcome::NoViolation { states, .. } => *states,
            other => panic!("{other:?}"),
        }
    }

    /// The fingerprints of the new states a piece kept, expanding copies of
    /// `nodes` as the batch's piece `index`.
    fn kept(e: &Explorer, claims: &Claims, index: u32, nodes: &[&Node]) -> std::collections::BTreeSet<u64> {
        let expand = Expand {
            bounds: &e.bounds,
            template: &e.template,
            values: &e.values,
            key: e.key,
            visited: &e.visited,
            claims,
            skip_split_fetches: e.skip_split_fetches,
        };
        let copies = nodes.iter().map(|&n| n.clone());
        let piece = expand.piece(&mut Scratch::default(), index, copies);
        piece
            .children
            .iter()
            .filter_map(|c| match c {
                Child::New { fingerprint, .. } => Some(*fingerprint),
                Child::Violation { .. } | Child::Claimed { .. } => None,
            })
            .collect()
    }

    /// A state two pieces of a batch reach is kept by the first piece in the
    /// batch's order, whichever runs first: a later piece that runs after it
    /// leaves the state out, and one that runs before it keeps it too (the
    /// merge drops that copy).
    #[test]
    fn a_state_two_pieces_reach_is_kept_by_the_earlier_whichever_runs_first() {
        let setup = Setup::of(&["A", "B", "C"], Protocol::Kip279);
        let mut e = Explorer::new(setup, Bounds::default()).expect("setup");
        while e.next.len() < 64 {
            e.step(1);
        }
        let first: Vec<&Node> = e.next.iter().take(32).collect();
        let second: Vec<&Node> = e.next.iter().skip(32).take(32).collect();
        let alone = kept(&e, &Claims::for_batch(64), 1, &second);

        let in_order = Claims::for_batch(64);
        let first_kept = kept(&e, &in_order, 0, &first);
        let second_after = kept(&e, &in_order, 1, &second);
        assert!(
            !alone.is_disjoint(&first_kept),
            "the two pieces reach no state in common"
        );
        assert!(second_after.is_disjoint(&first_kept));
        assert_eq!(second_after, &alone - &first_kept);

        let reversed = Claims::for_batch(64);
        let second_first = kept(&e, &reversed, 1, &second);
        let first_after = kept(&e, &reversed, 0, &first);
        assert_eq!(second_first, alone, "run first, the later piece keeps what it reaches");
        assert_eq!(
            first_after, first_kept,
            "the earlier piece keeps every state it reaches"
        );
    }

    /// Every state of small searches, under every protocol, with two and
    /// three brokers, unflushed loss, lag ticks and a consumer, packed and
    /// unpacked, is the cluster it was: or does not pack, and then it holds
    /// what packing leaves out (a consumer's reads, a violation found).
    #[test]
    fn a_packed_state_unpacks_to_the_same_cluster() {
        let bounds = Bounds {
            max_produces: 2,
            max_failures: 2,
            unflushed_loss: true,
            lag_ticks: true,
            unclean_elections: true,
            consumers: 1,
            ..Bounds::default()
        };
        let values: Vec<Value> = (0..=3)
            .map(|produces| next_value(Spent { produces, failures: 0 }))
            .collect();
        let (mut packed, mut whole) = (0, 0);
        for protocol in Protocol::ALL {
            for brokers in [&["A", "B"][..], &["A", "B", "C"]] {
                let start = State::start(&Setup::of(brokers, protocol));
                let mut queue = VecDeque::from([start.clone()]);
                let mut seen = 0;
                let mut met = std::collections::HashSet::new();
                let (mut bytes, mut into) = (Vec::new(), start.cluster.clone());
                while let Some(state) = queue.pop_front() {
                    if seen > 3_000 {
                        break;
                    }
                    seen += 1;
                    if replab_core::packed::pack(&state.cluster, &values, &mut bytes) {
                        let back = replab_core::packed::unpack(&bytes, &start.cluster, &values, &mut into);
                        assert!(back.is_some(), "{state:?}");
                        assert_eq!(into, state.cluster, "{bytes:?}");
                        packed += 1;
                    } else {
                        assert!(
                            !state.cluster.consumers().is_empty() || !state.cluster.violations().is_empty(),
                            "{state:?}"
                        );
                        whole += 1;
                    }
                    for c in actions(&state.cluster, state.tracked.spent, &bounds) {
                        if let Some((next, _)) = state.after(&c) {
                            if met.insert(crate::fingerprint::fingerprint(&next.cluster, &next.tracked, true)) {
                                queue.push_back(next);
                            }
                        }
                    }
                }
            }
        }
        assert!(packed > 10_000 && whole > 0, "{packed} packed, {whole} whole");
    }

    /// `small` with plain crashes, with unflushed loss, with unclean elections.
    fn kinds_of_failure(small: Bounds) -> [Bounds; 3] {
        [
            small,
            Bounds {
                unflushed_loss: true,
                ..small
            },
            Bounds {
                unclean_elections: true,
                ..small
            },
        ]
    }

    /// Leaving a delivery right after its send untried changes only the
    /// steps counted: the same states in the same order (so the same ids and
    /// parents), depth, outcome and history, under every protocol and kind of
    /// failure, whether the search completes, finds a violation or is cut.
    #[test]
    fn split_fetches_left_untried_change_only_the_steps_counted() {
        let small = Bounds {
            max_produces: 2,
            max_failures: 2,
            max_epoch: 3,
            ..Bounds::default()
        };
        let mut cases = kinds_of_failure(small).to_vec();
        cases.push(Bounds {
            lag_ticks: true,
            ..small
        });
        let mut fewer = 0;
        for protocol in Protocol::ALL {
            for brokers in [&["A", "B"][..], &["A", "B", "C"]] {
                let setup = Setup::of(brokers, protocol).pinned_to(replab_core::Config::LANGUAGE_1_3);
                for &bounds in &cases {
                    // Three brokers cut early: the order of the states up to
                    // the cut is what is compared.
                    let bounds = Bounds {
                        max_states: Some(if brokers.len() > 2 { 3_000 } else { 20_000 }),
                        ..bounds
                    };
                    let run = |skip| {
                        let mut e = Explorer::new(setup.clone(), bounds).expect("setup");
                        e.skip_split_fetches = skip;
                        let mut states = Vec::new();
                        while e.outcome().is_none() {
                            e.step(97);
                        }
                        states.extend(e.links.iter().map(|l| (l.parent, l.action)));
                        (e.progress(), e.outcome().cloned(), states)
                    };
                    let (skipped, skipped_outcome, skipped_links) = run(true);
                    let (tried, tried_outcome, tried_links) = run(false);
                    let what = format!("{} {brokers:?} {bounds:?}", protocol.name());
                    assert_eq!(skipped_outcome, tried_outcome, "{what}");
                    assert_eq!(skipped_links, tried_links, "{what}");
                    assert_eq!((skipped.states, skipped.depth), (tried.states, tried.depth), "{what}");
                    assert!(skipped.transitions <= tried.transitions, "{what}");
                    fewer += u64::from(skipped.transitions < tried.transitions);
                }
            }
        }
        assert!(fewer > 0, "no search left a step untried");
    }

    #[test]
    fn the_reductions_keep_every_verdict_of_the_exact_search() {
        let cases = kinds_of_failure(Bounds {
            max_produces: 2,
            max_failures: 1,
            max_epoch: 2,
            ..Bounds::default()
        });
        for protocol in Protocol::ALL {
            let setup = Setup::of(&["A", "B"], protocol).pinned_to(replab_core::Config::LANGUAGE_1_3);
            for bounds in &cases {
                // The consumers' kinds with one consumer polling (its reads are
                // in the form too), with unflushed loss, where both happen.
                let polled = if bounds.unflushed_loss {
                    vec![
                        (ViolationKind::ConsumerReadLost, 1),
                        (ViolationKind::ConsumerReadDiverged, 1),
                    ]
                } else {
                    Vec::new()
                };
                let kinds = ViolationKind::REPLICAS.into_iter().map(|k| (k, 0)).chain(polled);
                for (kind, consumers) in kinds {
                    let bounds = Bounds {
                        only: Some(kind),
                        consumers,
                        ..*bounds
                    };
                    let reduced = Explorer::new(setup.clone(), bounds).expect("setup").run();
                    let full = exact(setup.clone(), bounds);
                    let what = format!("{} {bounds:?}", protocol.name());
                    assert_eq!(verdict(&reduced), verdict(&full), "{what}");
                    assert!(states(&reduced) <= states(&full), "{what}");
                    eprintln!(
                        "{what}: {:?}, {} / {} states",
                        verdict(&reduced),
                        states(&reduced),
                        states(&full)
                    );
                }
            }
        }
    }
}

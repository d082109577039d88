//! A cluster packed into a few bytes, for the checker's frontier: the states
//! it has seen but not yet expanded are kept packed (tens of bytes each
//! rather than about a kilobyte as clusters), and unpacked one at a time.
//!
//! Only what differs between the states of one search is written: the
//! protocol, the configuration, the settings chosen and the broker ids come
//! from a template (the search's first state), and values are written as
//! their place in a table the caller gives (the values a search writes,
//! `m1` … `mK`). Numbers are LEB128, an absent one 0 and a present one n + 1.
//!
//! What a search rarely holds is not packed: consumers, violations found,
//! reads of consumers, a value not in the table. `pack` says so, and the
//! caller keeps such a state as it is. A unit test unpacks every state of
//! whole searches and compares it with the cluster it was packed from.

use crate::broker::{Broker, FollowerState, FollowerView, LastFetch, LeaderState, Volatile};
use crate::broker_set::BrokerSet;
use crate::cluster::Cluster;
use crate::epoch_cache::EpochEntry;
use crate::hw::HwHold;
use crate::log::Record;
use crate::message::{EpochAnswer, InFlight, Request, Response};
use crate::partition::PendingAck;
use crate::value::Value;

/// Writes numbers as LEB128.
struct Writer<'a>(&'a mut Vec<u8>);

impl Writer<'_> {
    fn n(&mut self, mut w: u64) {
        while w >= 0x80 {
            self.0.push((w as u8) | 0x80);
            w >>= 7;
        }
        self.0.push(w as u8);
    }
    fn opt(&mut self, w: Option<u64>) -> Option<()> {
        self.n(match w {
            None => 0,
            Some(w) => w.checked_add(1)?,
        });
        Some(())
    }
    fn flag(&mut self, b: bool) {
        self.n(u64::from(b));
    }
    fn set(&mut self, s: BrokerSet) {
        self.n(u64::from(s.bits()));
    }
    fn value(&mut self, values: &[Value], v: Value) -> Option<()> {
        self.n(values.iter().position(|&x| x == v)? as u64);
        Some(())
    }
}

/// Reads what `Writer` wrote; None past the end or on a number out of range.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn n(&mut self) -> Option<u64> {
        let mut w = 0u64;
        for shift in (0..64).step_by(7) {
            let b = *self.bytes.get(self.at)?;
            self.at += 1;
            w |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                return Some(w);
            }
        }
        None
    }
    fn u32(&mut self) -> Option<u32> {
        u32::try_from(self.n()?).ok()
    }
    fn ix(&mut self) -> Option<usize> {
        usize::try_from(self.n()?).ok()
    }
    fn opt(&mut self) -> Option<Option<u64>> {
        Some(self.n()?.checked_sub(1))
    }
    fn opt_u32(&mut self) -> Option<Option<u32>> {
        self.opt()?.map(u32::try_from).transpose().ok()
    }
    fn opt_ix(&mut self) -> Option<Option<usize>> {
        self.opt()?.map(usize::try_from).transpose().ok()
    }
    fn flag(&mut self) -> Option<bool> {
        match self.n()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
    fn set(&mut self) -> Option<BrokerSet> {
        let bits = u8::try_from(self.n()?).ok()?;
        let mut s = BrokerSet::default();
        for b in 0..8 {
            if bits & (1 << b) != 0 {
                s.insert(b);
            }
        }
        Some(s)
    }
    fn value(&mut self, values: &[Value]) -> Option<Value> {
        values.get(self.ix()?).copied()
    }
}

/// Packs `cluster` into `out` (cleared first), its values by their place in
/// `values`. False: a state this does not pack (see the module doc); `out`
/// then holds nothing of use.
pub fn pack(cluster: &Cluster, values: &[Value], out: &mut Vec<u8>) -> bool {
    out.clear();
    pack_into(cluster, values, &mut Writer(out)).is_some()
}

fn pack_into(c: &Cluster, values: &[Value], w: &mut Writer) -> Option<()> {
    let p = &c.partition;
    let s = &c.safety;
    if !p.consumers.is_empty()
        || s.overwritten.is_some()
        || !s.fired.is_empty()
        || !s.reads_lost.is_empty()
        || !s.read_at.is_empty()
    {
        return None;
    }
    w.opt(p.leader.map(|b| b as u64))?;
    w.n(u64::from(p.leader_epoch));
    w.set(p.isr);
    w.set(p.elr);
    w.opt(p.last_known_leader.map(|b| b as u64))?;
    w.opt(p.last_leader.map(|b| b as u64))?;
    w.set(p.fenced);
    w.n(p.now_ms);
    w.n(p.pending_acks.len() as u64);
    for a in p.pending_acks.all().iter() {
        w.value(values, a.value)?;
        w.n(a.offset);
    }
    w.n(p.acked.len() as u64);
    for &v in p.acked.all().iter() {
        w.value(values, v)?;
    }
    for b in p.brokers.iter() {
        broker(b, values, w)?;
    }
    records(s.committed.all().iter(), values, w)?;
    match &c.hold {
        None => w.n(0),
        Some(h) => {
            w.n(1);
            w.n(h.leader as u64);
            w.n(h.hw);
            w.n(h.would_be);
            w.n(h.replica as u64);
            w.n(h.replica_leo);
            w.n(h.until_ms);
        }
    }
    Some(())
}

/// A run of records from offset 0: each one's epoch and value (its offset is
/// its place).
fn records<'a>(rs: impl ExactSizeIterator<Item = &'a Record>, values: &[Value], w: &mut Writer) -> Option<()> {
    w.n(rs.len() as u64);
    for (i, r) in rs.enumerate() {
        if r.offset != i as u64 {
            return None;
        }
        w.n(u64::from(r.epoch));
        w.value(values, r.value)?;
    }
    Some(())
}

fn broker(b: &Broker, values: &[Value], w: &mut Writer) -> Option<()> {
    w.n(u64::from(b.broker_epoch));
    w.flag(b.halted);
    records(b.durable.log.records.all().iter(), values, w)?;
    w.n(b.durable.hw);
    w.n(b.durable.epoch_cache.entries.len() as u64);
    for e in &b.durable.epoch_cache.entries {
        w.n(u64::from(e.epoch));
        w.n(e.start_offset);
    }
    w.flag(b.durable.clean_shutdown);
    match &b.volatile {
        None => w.n(0),
        Some(Volatile::Leader(l)) => {
            w.n(1);
            w.n(l.epoch_start_offset);
            w.n(l.followers.len() as u64);
            for f in &l.followers {
                w.opt(f.leo)?;
                w.opt(f.last_caught_up_ms)?;
                match f.last_fetch {
                    None => w.n(0),
                    Some(last) => {
                        w.n(1);
                        w.n(last.at_ms);
                        w.n(last.leader_leo);
                    }
                }
            }
        }
        Some(Volatile::Follower(f)) => {
            w.n(2);
            w.opt(f.leader.map(|b| b as u64))?;
            w.flag(f.validating);
            match &f.in_flight {
                None => w.n(0),
                Some(i) => {
                    w.n(1);
                    in_flight(i, values, w)?;
                }
            }
        }
    }
    Some(())
}

fn in_flight(i: &InFlight, values: &[Value], w: &mut Writer) -> Option<()> {
    match i.request {
        Request::OffsetsForLeaderEpoch { leader_epoch } => {
            w.n(0);
            w.opt(leader_epoch.map(u64::from))?;
        }
        Request::Fetch {
            offset,
            last_fetched_epoch,
            max,
        } => {
            w.n(1);
            w.n(offset);
            w.opt(last_fetched_epoch.map(u64::from))?;
            w.opt(max.map(u64::from))?;
        }
    }
    match &i.response {
        None => w.n(0),
        Some(Response::EpochEndOffset { asked, answer }) => {
            w.n(1);
            w.opt(asked.map(u64::from))?;
            w.opt(answer.epoch.map(u64::from))?;
            w.opt(answer.end_offset)?;
        }
        Some(Response::Records {
            records,
            high_watermark,
        }) => {
            w.n(2);
            w.n(records.len() as u64);
            for r in records {
                w.n(r.offset);
                w.n(u64::from(r.epoch));
                w.value(values, r.value)?;
            }
            w.n(*high_watermark);
        }
        Some(Response::DivergingEpoch {
            epoch,
            end_offset,
            high_watermark,
        }) => {
            w.n(3);
            w.n(u64::from(*epoch));
            w.n(*end_offset);
            w.n(*high_watermark);
        }
        Some(Response::OffsetOutOfRange { log_end_offset }) => {
            w.n(4);
            w.n(*log_end_offset);
        }
    }
    w.n(u64::from(i.leader_epoch));
    Some(())
}

/// Makes `into` the cluster `bytes` pack, with `template`'s protocol,
/// configuration, settings chosen and brokers' ids (the search's first
/// state) and its values by their place in `values`. None: bytes `pack` did
/// not write from such a template (`into` is then of no use).
pub fn unpack(bytes: &[u8], template: &Cluster, values: &[Value], into: &mut Cluster) -> Option<()> {
    into.clone_from(template);
    let mut r = Reader { bytes, at: 0 };
    let p = &mut into.partition;
    p.leader = r.opt_ix()?;
    p.leader_epoch = r.u32()?;
    p.isr = r.set()?;
    p.elr = r.set()?;
    p.last_known_leader = r.opt_ix()?;
    p.last_leader = r.opt_ix()?;
    p.fenced = r.set()?;
    p.now_ms = r.n()?;
    let _ = p.pending_acks.truncate(0);
    for _ in 0..r.n()? {
        let value = r.value(values)?;
        let offset = r.n()?;
        p.pending_acks.push(PendingAck { value, offset });
    }
    let _ = p.acked.truncate(0);
    for _ in 0..r.n()? {
        p.acked.push(r.value(values)?);
    }
    for b in 0..p.brokers.len() {
        unpack_broker(&mut r, values, &mut p.brokers[b])?;
    }
    let _ = into.safety.committed.truncate(0);
    unpack_records(&mut r, values, |rec| into.safety.committed.push(rec))?;
    into.hold = match r.n()? {
        0 => None,
        1 => Some(HwHold {
            leader: r.ix()?,
            hw: r.n()?,
            would_be: r.n()?,
            replica: r.ix()?,
            replica_leo: r.n()?,
            until_ms: r.n()?,
        }),
        _ => return None,
    };
    (r.at == bytes.len()).then_some(())
}

fn unpack_records(r: &mut Reader, values: &[Value], mut push: impl FnMut(Record)) -> Option<()> {
    for offset in 0..r.n()? {
        let epoch = r.u32()?;
        let value = r.value(values)?;
        push(Record { offset, epoch, value });
    }
    Some(())
}

fn unpack_broker(r: &mut Reader, values: &[Value], b: &mut Broker) -> Option<()> {
    b.broker_epoch = r.u32()?;
    b.halted = r.flag()?;
    let log = &mut b.durable.log.records;
    let _ = log.truncate(0);
    unpack_records(r, values, |rec| log.push(rec))?;
    b.durable.hw = r.n()?;
    let entries = &mut b.durable.epoch_cache.entries;
    entries.clear();
    for _ in 0..r.n()? {
        entries.push(EpochEntry {
            epoch: r.u32()?,
            start_offset: r.n()?,
        });
    }
    b.durable.clean_shutdown = r.flag()?;
    b.volatile = match r.n()? {
        0 => None,
        1 => {
            let epoch_start_offset = r.n()?;
            let mut followers = Vec::new();
            for _ in 0..r.n()? {
                let leo = r.opt()?;
                let last_caught_up_ms = r.opt()?;
                let last_fetch = match r.n()? {
                    0 => None,
                    1 => Some(LastFetch {
                        at_ms: r.n()?,
                        leader_leo: r.n()?,
                    }),
                    _ => return None,
                };
                followers.push(FollowerView {
                    leo,
                    last_caught_up_ms,
                    last_fetch,
                });
            }
            Some(Volatile::Leader(LeaderState {
                epoch_start_offset,
                followers,
            }))
        }
        2 => {
            let leader = r.opt_ix()?;
            let validating = r.flag()?;
            let in_flight = match r.n()? {
                0 => None,
                1 => Some(unpack_in_flight(r, values)?),
                _ => return None,
            };
            Some(Volatile::Follower(FollowerState {
                leader,
                validating,
                in_flight,
            }))
        }
        _ => return None,
    };
    Some(())
}

fn unpack_in_flight(r: &mut Reader, values: &[Value]) -> Option<InFlight> {
    let request = match r.n()? {
        0 => Request::OffsetsForLeaderEpoch {
            leader_epoch: r.opt_u32()?,
        },
        1 => Request::Fetch {
            offset: r.n()?,
            last_fetched_epoch: r.opt_u32()?,
            max: r.opt_u32()?,
        },
        _ => return None,
    };
    let response = match r.n()? {
        0 => None,
        1 => Some(Response::EpochEndOffset {
            asked: r.opt_u32()?,
            answer: EpochAnswer {
                epoch: r.opt_u32()?,
                end_offset: r.opt()?,
            },
        }),
        2 => {
            let mut records = Vec::new();
            for _ in 0..r.n()? {
                records.push(Record {
                    offset: r.n()?,
                    epoch: r.u32()?,
                    value: r.value(values)?,
                });
            }
            Some(Response::Records {
                records,
                high_watermark: r.n()?,
            })
        }
        3 => Some(Response::DivergingEpoch {
            epoch: r.u32()?,
            end_offset: r.n()?,
            high_watermark: r.n()?,
        }),
        4 => Some(Response::OffsetOutOfRange { log_end_offset: r.n()? }),
        _ => return None,
    };
    Some(InFlight {
        request,
        response,
        leader_epoch: r.u32()?,
    })
}

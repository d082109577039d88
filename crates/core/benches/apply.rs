//! `cargo bench -p replab-core`: commands applied per second on a 5-broker,
//! 1,000-record workload, and the cost of reaching step k in a 10,000-step history.

use divan::{black_box, Bencher};
use replab_core::timeline::Timeline;
use replab_core::{Cluster, Command, Protocol, Setup, Value};

fn main() {
    divan::main();
}

fn setup(protocol: Protocol) -> Setup {
    Setup::of(&["A", "B", "C", "D", "E"], protocol)
}

/// 1,000 records, each produced and then fetched by the four followers: 5,000
/// commands, with a leader failover every 250 records.
fn workload() -> Vec<Command> {
    workload_from(0, "")
}

fn workload_from(first_leader: usize, suffix: &str) -> Vec<Command> {
    let mut commands = Vec::new();
    let mut leader = first_leader;
    for i in 0..1000 {
        commands.push(Command::Produce {
            value: Value::from(format!("m{i}{suffix}")),
            acks: None,
        });
        for f in (0..5).filter(|&f| f != leader) {
            commands.push(Command::Fetch { follower: f, max: None });
        }
        if i % 250 == 249 {
            leader = (leader + 1) % 5;
            commands.push(Command::Elect {
                broker: leader,
                unclean: false,
            });
        }
    }
    commands
}

const PROTOCOLS: [Protocol; 5] = Protocol::ALL;

/// Applies the whole workload; throughput is reported in commands per second.
#[divan::bench(args = PROTOCOLS)]
fn apply_workload(bencher: Bencher, protocol: Protocol) {
    let commands = workload();
    let start = Cluster::new(&setup(protocol));
    bencher
        .counter(divan::counter::ItemsCount::new(commands.len()))
        .with_inputs(|| start.clone())
        .bench_local_values(|mut cluster| {
            for c in &commands {
                let _ = black_box(cluster.apply(c));
            }
            cluster
        });
}

/// A 10,000-step history (the workload twice over); reaching step k.
#[divan::bench(args = [1, 5_000, 9_999])]
fn state_at_step(bencher: Bencher, k: usize) {
    let mut commands = workload();
    // The first half ends with E leading (four failovers).
    commands.extend(workload_from(4, "b"));
    commands.truncate(10_000);
    let timeline = Timeline::replay(setup(Protocol::DivergingEpoch), &commands).expect("valid history");
    assert_eq!(timeline.len(), 10_000);
    bencher.bench_local(|| black_box(timeline.state_at(black_box(k))));
}

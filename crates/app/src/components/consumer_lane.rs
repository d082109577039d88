//! One consumer, below the brokers' lanes: the records it has returned to the
//! application in the order read (value, offset, epoch), each marked as the
//! safety checks found it (lost after it was read, a diverged read), its
//! position and position epoch, what its last poll raised, and its Consume
//! button, enabled exactly when `Cluster::check` accepts the command.

use replab_core::consumer::{Consumer, ReadRecord};
use replab_core::{Cluster, Command};
use replab_narrate::{self as narrate, label, Label, Lang};
use std::sync::Arc;
use yew::prelude::*;

/// The most reads a lane draws: the latest ones, after a count of the others
/// (a lane's cost follows what it shows, not how much was read).
const SHOWN: usize = 40;

#[derive(Properties)]
pub struct ConsumerLaneProps {
    pub view: Arc<Cluster>,
    /// The consumer's place in `Cluster::consumers`.
    pub ix: usize,
    pub lang: Lang,
    /// Whether the lane has its button (not in an embed or a compared column).
    pub interactive: bool,
    /// Before its `consumer-<name>` test hook: `cmp-` in the compared column.
    #[prop_or_default]
    pub prefix: &'static str,
    pub on_command: Callback<Command>,
}

/// A read as the lane shows it: the record, and the two marks.
#[derive(Clone, Copy, PartialEq)]
struct Shown {
    read: ReadRecord,
    lost: bool,
    diverged: bool,
}

/// The reads the lane draws (the latest `SHOWN`), with their index in the
/// consumer's whole list, and how many come before them.
fn shown(view: &Cluster, c: &Consumer) -> (usize, Vec<Shown>) {
    let reads = c.read();
    let skip = reads.len().saturating_sub(SHOWN);
    let safety = view.safety();
    let list = reads
        .iter()
        .skip(skip)
        .map(|r| Shown {
            read: *r,
            lost: safety.read_lost(c.name, r),
            diverged: safety.read_diverged(r),
        })
        .collect();
    (skip, list)
}

fn consume(c: &Consumer) -> Command {
    Command::Consume {
        consumer: c.name,
        max: None,
    }
}

/// Only what the lane shows is compared: its consumer, its marks, and whether
/// its button is enabled.
impl PartialEq for ConsumerLaneProps {
    fn eq(&self, other: &Self) -> bool {
        let of = |v: &Cluster| {
            v.consumers().get(self.ix).map(|c| {
                let enabled = self.interactive && v.check(&consume(c)).is_ok();
                (c.clone(), shown(v, c), enabled)
            })
        };
        self.ix == other.ix
            && self.lang == other.lang
            && self.interactive == other.interactive
            && self.prefix == other.prefix
            && (!self.interactive || self.on_command == other.on_command)
            && (Arc::ptr_eq(&self.view, &other.view) || of(&self.view) == of(&other.view))
    }
}

#[function_component(ConsumerLane)]
pub fn consumer_lane(p: &ConsumerLaneProps) -> Html {
    let Some(c) = p.view.consumers().get(p.ix) else {
        return Html::default();
    };
    let lang = p.lang;
    let name = c.name.to_string();
    let (skip, reads) = shown(&p.view, c);
    let command = consume(c);
    let enabled = p.view.check(&command).is_ok();
    let on_consume = p.on_command.reform(move |_| command.clone());
    let error = c.error.map(|e| e.name()).unwrap_or("none");
    html! {
        <div class={classes!("consumer-lane", c.error.is_some().then_some("failed"))}
            data-testid={format!("{}consumer-{name}", p.prefix)}
            data-position={c.position.map_or_else(|| "none".to_string(), |o| o.to_string())}
            data-position-epoch={c.position_epoch.map_or_else(|| "none".to_string(), |e| e.to_string())}
            data-error={error}>
            <div class="lane-head">
                <span class="name">{ name.clone() }</span>
                <span class="role consumer">{ label(lang, Label::Consumer) }</span>
                <span class="nums" data-testid={format!("{}consumer-{name}-position", p.prefix)}>
                    { narrate::consumer_position(lang, c.position, c.position_epoch) }
                </span>
                if let Some(e) = c.error {
                    <span class="badge halted" title={label(lang, Label::RaisedToApplication)}>{ exception(e) }</span>
                }
                if p.interactive {
                    <button data-testid={format!("consume-{name}")} disabled={!enabled}
                        title={label(lang, Label::ConsumeTitle)} onclick={on_consume}>
                        { label(lang, Label::Consume) }
                    </button>
                }
            </div>
            <ol class="reads" start={(skip + 1).to_string()}>
                if skip > 0 {
                    <li class="more">{ narrate::consumer_earlier_reads(lang, skip as u64) }</li>
                }
                if reads.is_empty() {
                    <li class="empty">{ label(lang, Label::ConsumerReadNothing) }</li>
                }
                { for reads.iter().enumerate().map(|(i, s)| read(lang, p.prefix, &name, skip + i, s)) }
            </ol>
        </div>
    }
}

/// The exception a KafkaConsumer's poll throws for `e`.
fn exception(e: replab_core::consumer::ConsumerError) -> &'static str {
    match e {
        replab_core::consumer::ConsumerError::OffsetOutOfRange => "OffsetOutOfRangeException",
        replab_core::consumer::ConsumerError::LogTruncation => "LogTruncationException",
    }
}

fn read(lang: Lang, prefix: &str, name: &str, i: usize, s: &Shown) -> Html {
    let r = &s.read;
    let mut title = narrate::consumer_read_title(lang, r.offset, r.epoch);
    for (mark, l) in [(s.lost, Label::ReadLost), (s.diverged, Label::ReadDiverged)] {
        if mark {
            title = format!("{title} · {}", label(lang, l));
        }
    }
    html! {
        <li class={classes!("cell", "read", format!("e{}", r.epoch % 8), s.lost.then_some("lost"), s.diverged.then_some("diverged"))}
            data-testid={format!("{prefix}consumer-{name}-read-{i}")} data-offset={r.offset.to_string()}
            data-value={r.value.to_string()} data-epoch={r.epoch.to_string()}
            data-lost={s.lost.then_some("true")} data-diverged={s.diverged.then_some("true")} title={title}>
            <span class="off">{ r.offset }</span>
            <span class="val">{ r.value.to_string() }</span>
            <span class="ep">{ format!("e{}", r.epoch) }</span>
        </li>
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::components::{history_of, rendered};

    fn lane(text: &str, protocol: replab_core::Protocol, ix: usize) -> String {
        let t = history_of(text, Some(protocol));
        rendered::<ConsumerLane>(ConsumerLaneProps {
            view: t.state_arc(t.len()),
            ix,
            lang: Lang::EN,
            interactive: true,
            prefix: "",
            on_command: Callback::noop(),
        })
    }

    const STORY: &str = include_str!("../../../../web/scenarios/power-loss-two-consumers.scn");

    #[test]
    fn a_lane_shows_the_reads_with_their_marks_and_the_position() {
        use replab_core::Protocol;
        let html = lane(STORY, Protocol::Kip279, 0);
        assert!(html.contains(r#"data-testid="consumer-c1""#), "{html}");
        assert!(html.contains(r#"data-position="2""#), "{html}");
        assert!(
            html.contains(r#"data-position-epoch="none""#),
            "kip-279 keeps no epoch: {html}"
        );
        assert!(html.contains(r#"data-error="none""#), "{html}");
        let second = html
            .split(r#"data-testid="consumer-c1-read-1""#)
            .nth(1)
            .expect("the second read");
        let second = &second[..second.find("</li>").expect("its end")];
        assert!(
            second.contains(r#"data-value="m2""#) && second.contains(r#"data-lost="true""#),
            "{second}"
        );
        assert!(!second.contains("data-diverged"), "{second}");
        assert!(!html.contains("consumer-c1-read-2"), "kip-279 never reads m3");
        assert!(html.contains(r#"data-testid="consume-c1""#) && html.contains(">Consume</button>"));
        // From 2.3 c1 detects the truncation and reads m3: a diverged read.
        let html = lane(STORY, Protocol::DivergingEpoch, 0);
        assert!(html.contains(r#"data-position-epoch="1""#), "{html}");
        let third = html
            .split(r#"data-testid="consumer-c1-read-2""#)
            .nth(1)
            .expect("a third read");
        assert!(
            third[..third.find("</li>").expect("end")].contains(r#"data-diverged="true""#),
            "{third}"
        );
        assert!(html.contains("position 2, epoch 1"), "{html}");
    }

    #[test]
    fn a_long_list_of_reads_shows_the_latest_after_a_count() {
        let mut text = String::from("brokers A B\nset acks=1\n");
        for i in 0..100 {
            text.push_str(&format!("produce m{i}\nfetch B\nfetch B\n"));
        }
        text.push_str("consume c\n");
        let html = lane(&text, replab_core::Protocol::Kip279, 0);
        assert!(html.contains("… 60 earlier reads"), "{html}");
        assert_eq!(html.matches("class=\"cell read").count(), SHOWN);
        assert!(html.contains("consumer-c-read-99") && !html.contains("consumer-c-read-10\""));
    }
}

//! One broker: its log as cells coloured by leader epoch with HW and LEO marks,
//! its role and ISR membership (whether a down broker halted, whether a
//! caught-up replica outside the ISR holds a leader's HW; under KRaft also the
//! ELR, the last known leader, fencing, its broker epoch and how it last
//! restarted), its checkpoints, a response in flight or a fetch waiting at the
//! leader, and the buttons that act on it, each enabled exactly when
//! `Cluster::check` accepts its command.

use crate::badges::badges;
use crate::state::{Fold, Folds};
use replab_core::{Cluster, Command, CrashTarget, Record};
use replab_narrate::{self as narrate, label, Label, Lang};
use replab_view::fold::{self, Item};
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

#[derive(Properties)]
pub struct LaneProps {
    pub view: Arc<Cluster>,
    pub ix: usize,
    pub lang: Lang,
    pub selected: bool,
    /// Whether the lane has buttons (not in an embed).
    pub interactive: bool,
    /// Before its `broker-<id>` test hook: `cmp-` in the compared column.
    #[prop_or_default]
    pub prefix: &'static str,
    /// (step, records) this broker lost most recently.
    pub ghosts: Rc<(usize, Vec<Record>)>,
    /// KRaft: whether its latest restart was clean (None: none, or ZooKeeper).
    pub last_restart: Option<bool>,
    /// A command on this broker, and selecting it (only interactive lanes use them).
    pub on_command: Callback<Command>,
    pub on_select: Callback<usize>,
    /// What the reader unfolded and picked in this lane (`AppState::folds`),
    /// and acting on it: (this lane's broker, the act).
    pub folds: Folds,
    pub on_fold: Callback<(usize, Fold)>,
}

/// Only what this lane shows is compared, so an unchanged lane is not re-rendered.
/// The same state is seen at once by its pointer; two different states are
/// compared by what the lane shows, never as whole clusters (that costs a
/// click a millisecond at 5 × 1,000 records).
impl PartialEq for LaneProps {
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (&self.view, &other.view);
        let ix = self.ix;
        // The leader (role, and the sender of a response in flight), ISR membership,
        // the protocol (whether the epoch cache is shown), and under KRaft the
        // ELR, the last known leader and fencing.
        let controller = |c: &Cluster| {
            (
                c.leader(),
                c.isr().contains(ix),
                c.protocol(),
                c.has_elr() && c.elr().contains(ix),
                c.last_known_leader() == Some(ix),
                c.is_fenced(ix),
            )
        };
        // With something in flight, the leader's HW (its response may carry an
        // older one).
        let leader_hw = |c: &Cluster| {
            c.broker(ix)
                .and_then(|b| b.in_flight())
                .and(c.leader())
                .and_then(|l| c.broker(l))
                .map(|l| l.hw())
        };
        // Which buttons the core accepts now (they may depend on other brokers).
        let enabled = |c: &Cluster| {
            self.interactive
                .then(|| buttons(ix).map(|b| c.check(&b.command).is_ok()))
        };
        ix == other.ix
            && self.lang == other.lang
            && self.selected == other.selected
            && self.interactive == other.interactive
            && self.prefix == other.prefix
            // A read-only lane's callbacks are never called.
            && (!self.interactive || self.on_command == other.on_command && self.on_select == other.on_select)
            && self.last_restart == other.last_restart
            && self.folds == other.folds
            && self.on_fold == other.on_fold
            && (Arc::ptr_eq(a, b)
                || (a.broker(ix) == b.broker(ix)
                    && controller(a) == controller(b)
                    && leader_hw(a) == leader_hw(b)
                    && a.hw_held_by_replica() == b.hw_held_by_replica()
                    && enabled(a) == enabled(b)))
            && self.ghosts == other.ghosts
    }
}

/// Records are rendered in chunks: a click changes one or two chunks, and the
/// others are skipped whole.
const CHUNK: u64 = 32;

#[derive(Properties, PartialEq)]
struct ChunkProps {
    broker: Rc<str>,
    records: Vec<Record>,
    /// The HW clamped to this chunk: cells below it are committed.
    committed_to: u64,
    /// Draw the HW mark before this offset (it falls inside this chunk).
    hw_mark: Option<u64>,
    lang: Lang,
    /// Records of this chunk the reader picked (kept shown when the log folds).
    pinned: Vec<u64>,
    on_pin: Callback<u64>,
}

#[function_component(Chunk)]
fn chunk(p: &ChunkProps) -> Html {
    html! {
        { for p.records.iter().map(|r| {
            let offset = r.offset;
            html! {
            <>
            if p.hw_mark == Some(r.offset) {
                <li class="mark hw" title={label(p.lang, Label::HwTitle)}>{ narrate::hw_mark(p.lang, r.offset) }</li>
            }
            <li class={classes!("cell", format!("e{}", r.epoch % 8), (r.offset >= p.committed_to).then_some("uncommitted"),
                    p.pinned.contains(&offset).then_some("pinned"))}
                data-testid={format!("record-{}-{}", p.broker, r.offset)} data-epoch={r.epoch.to_string()} tabindex="-1"
                title={format!("offset {} · epoch {}", r.offset, r.epoch)} onclick={p.on_pin.reform(move |_| offset)}>
                <span class="off">{ r.offset }</span>
                <span class="val">{ r.value.to_string() }</span>
                <span class="ep">{ format!("e{}", r.epoch) }</span>
            </li>
            </>
        }}) }
    }
}

/// Cuts `r` where chunks begin: at multiples of `CHUNK` (so a record stays in
/// the same chunk as the log grows) and where an unfolded page begins.
fn pieces(r: std::ops::Range<u64>, unfolded: &[u64]) -> Vec<std::ops::Range<u64>> {
    let mut cuts: Vec<u64> = (r.start / CHUNK + 1..r.end.div_ceil(CHUNK))
        .map(|i| i * CHUNK)
        .collect();
    // A few pages at most: each put in its place (no sort, less code in the page).
    for &u in unfolded.iter().filter(|u| r.start < **u && **u < r.end) {
        let at = cuts.partition_point(|&c| c < u);
        if cuts.get(at) != Some(&u) {
            cuts.insert(at, u);
        }
    }
    let mut at = r.start;
    let mut out: Vec<_> = cuts.into_iter().map(|c| std::mem::replace(&mut at, c)..c).collect();
    out.push(at..r.end);
    out
}

fn crash_target(broker: usize) -> CrashTarget {
    CrashTarget {
        broker,
        unflushed_from: None,
    }
}

/// A button of the lane: the command it sends, its test id prefix, its label
/// and tooltip.
struct Button {
    command: Command,
    id: &'static str,
    label: Label,
    title: Label,
}

/// The lane's buttons for broker `ix`, in order; each is enabled exactly when
/// `Cluster::check` accepts its command.
fn buttons(ix: usize) -> [Button; 8] {
    let b = |command, id, label, title| Button {
        command,
        id,
        label,
        title,
    };
    [
        b(
            Command::Fetch {
                follower: ix,
                max: None,
            },
            "fetch",
            Label::Fetch,
            Label::FetchTitle,
        ),
        b(
            Command::Send {
                follower: ix,
                max: None,
            },
            "send",
            Label::Send,
            Label::SendTitle,
        ),
        b(
            Command::Crash {
                targets: vec![crash_target(ix)],
            },
            "crash",
            Label::Crash,
            Label::CrashTitle,
        ),
        b(
            Command::Shutdown { broker: ix },
            "shutdown",
            Label::Shutdown,
            Label::ShutdownTitle,
        ),
        b(
            Command::Bounce {
                target: crash_target(ix),
            },
            "bounce",
            Label::Bounce,
            Label::BounceTitle,
        ),
        b(
            Command::Restart { broker: ix },
            "restart",
            Label::Restart,
            Label::RestartTitle,
        ),
        b(
            Command::Elect {
                broker: ix,
                unclean: false,
            },
            "elect",
            Label::Elect,
            Label::ElectTitle,
        ),
        b(
            Command::Elect {
                broker: ix,
                unclean: true,
            },
            "elect-unclean",
            Label::ElectUnclean,
            Label::ElectUncleanTitle,
        ),
    ]
}

/// The log by keyboard: its records are one tab stop, arrows (and Home, End)
/// move between them, Enter or Space picks one as a click does. A handled key
/// is prevented, so the page's own arrows do not also step. A mouse click does
/// not focus the log, so the arrows and Space stay the page's. The log's
/// element, its key handler and its mouse-down handler.
#[hook]
fn use_log_keys() -> (NodeRef, Callback<KeyboardEvent>, Callback<MouseEvent>) {
    let log_ref = use_node_ref();
    // A record picked by keyboard, to focus again once the lane has re-rendered
    // (picking can redraw the run of records it is in).
    let refocus = use_mut_ref(|| None::<String>);
    {
        let (log_ref, refocus) = (log_ref.clone(), refocus.clone());
        use_effect(move || {
            if let Some(testid) = refocus.borrow_mut().take() {
                let Some(list) = log_ref.cast::<web_sys::HtmlElement>() else {
                    return;
                };
                // The record, or the log when the record folded away (let go).
                let cell = list
                    .query_selector(&format!("[data-testid=\"{testid}\"]"))
                    .ok()
                    .flatten();
                let _ = match cell.and_then(|c| c.dyn_into::<web_sys::HtmlElement>().ok()) {
                    Some(cell) => cell.focus(),
                    None => list.focus(),
                };
            }
        });
    }
    let keep_focus = Callback::from(|e: MouseEvent| {
        let on_button = e
            .target_dyn_into::<web_sys::Element>()
            .is_some_and(|t| t.closest("button").ok().flatten().is_some());
        if !on_button {
            e.prevent_default();
        }
    });
    let on_log_key = {
        let (log_ref, refocus) = (log_ref.clone(), refocus.clone());
        Callback::from(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let Some(list) = log_ref.cast::<web_sys::Element>() else {
                return;
            };
            let Ok(found) = list.query_selector_all("li.cell:not(.ghost)") else {
                return;
            };
            let cells: Vec<web_sys::HtmlElement> = (0..found.length())
                .filter_map(|i| found.item(i)?.dyn_into().ok())
                .collect();
            let focused = gloo::utils::document().active_element();
            let at = cells.iter().position(|c| focused.as_ref() == Some(c.as_ref()));
            let last = cells.len().saturating_sub(1);
            let to = match (e.key().as_str(), at) {
                ("ArrowRight" | "ArrowDown", Some(i)) => (i + 1).min(last),
                ("ArrowLeft" | "ArrowUp", Some(i)) => i.saturating_sub(1),
                ("ArrowRight" | "ArrowDown" | "ArrowLeft" | "ArrowUp" | "Home", _) => 0,
                ("End", _) => last,
                ("Enter" | " ", Some(i)) => {
                    e.prevent_default();
                    *refocus.borrow_mut() = cells[i].get_attribute("data-testid");
                    cells[i].click();
                    return;
                }
                _ => return,
            };
            e.prevent_default();
            if let Some(cell) = cells.get(to) {
                let _ = cell.focus();
            }
        })
    };
    (log_ref, on_log_key, keep_focus)
}

#[function_component(Lane)]
pub fn lane(p: &LaneProps) -> Html {
    let folds = &p.folds;
    let ix = p.ix;
    // Made once per lane: the chunks of records compare their `on_pin`, so a
    // new one on each render would render every chunk again.
    let fold_cbs = use_memo((p.on_fold.clone(), ix), |(on_fold, ix)| {
        let ix = *ix;
        (
            on_fold.reform(move |o| (ix, Fold::Pin(o))),
            on_fold.reform(move |o| (ix, Fold::Unfold(o))),
            on_fold.reform(move |o| (ix, Fold::Refold(o))),
        )
    });
    let (on_pin, on_unfold, on_refold) = &*fold_cbs;
    let (log_ref, on_log_key, keep_focus) = use_log_keys();
    let lang = p.lang;
    let c = &p.view;
    let Some(b) = c.broker(ix) else { return html! {} };
    let id: Rc<str> = Rc::from(b.id.as_str());
    let is_leader = c.leader() == Some(ix);
    let alive = b.is_alive();
    let role = if !alive {
        "down"
    } else if is_leader {
        "leader"
    } else {
        "follower"
    };
    let role_label = label(
        lang,
        match role {
            "down" => Label::Down,
            "leader" => Label::Leader,
            _ => Label::Follower,
        },
    );
    // Down because its fetcher halted the process (FatalExitError), not a crash.
    let halted = !alive && b.halted;
    let in_isr = c.isr().contains(ix);
    let in_flight = b.in_flight();
    let (pills, facts): (Vec<_>, Vec<_>) = badges(c, ix, p.last_restart).into_iter().partition(|x| x.is_pill());
    let badge = |x: crate::badges::Badge| {
        html! {
            <span class={x.class()} data-testid={x.testid(&id)} data-clean={x.data_clean()} title={x.title(lang)}>
                { x.text(lang, c) }
            </span>
        }
    };
    // What is in flight: a response from the leader (with the leader's HW now
    // when it has moved past the one the records carry), or this broker's fetch
    // waiting at the leader (`DelayedFetch`).
    let flight = in_flight.zip(c.leader()).map(|(f, leader)| {
        let leader_id = c.broker(leader).map_or("?", |l| l.id.as_str());
        match f.reply() {
            Some(r) => {
                let ids: Vec<String> = c.brokers().iter().map(|b| b.id.clone()).collect();
                let leader_hw = c.broker(leader).map_or(0, |l| l.hw());
                let text = narrate::reply_with_leader_hw(lang, &narrate::Names(&ids), &r, leader, ix, leader_hw);
                (false, format!("{leader_id} → {id}"), text)
            }
            None => (
                true,
                format!("{id} → {leader_id}"),
                format!(
                    "{}: {}",
                    narrate::request_label(lang, &f.request),
                    narrate::waiting_at(lang, leader_id)
                ),
            ),
        }
    });
    let validating = b.follower_state().is_some_and(|s| s.validating);
    let hw = b.hw();
    let leo = b.leo();
    let log_of = &b.durable.log;
    let ghosts: Vec<&Record> = p.ghosts.1.iter().filter(|r| r.offset >= leo).collect();
    let ghost_end = leo + ghosts.len() as u64;
    let points = fold::points_of_interest(c, ix, &p.ghosts.1, &folds.pinned);
    let log_items = fold::fold(0..leo, &points, &folds.unfolded);
    let ghost_items = fold::fold(leo..ghost_end, &points, &folds.unfolded);
    // A record of this lane (in its log, or lost past its end).
    let record_at = |o: u64| {
        log_of
            .get(o)
            .or_else(|| o.checked_sub(leo).and_then(|i| ghosts.get(i as usize).copied()))
    };
    let span = |r: &std::ops::Range<u64>, lost: bool| {
        let last = r.end - 1;
        let (Some(a), Some(z)) = (record_at(r.start), record_at(last)) else {
            return html! {};
        };
        let text = narrate::folded(lang, &a.value, &z.value, r.end - r.start, (a.epoch, z.epoch));
        let from = r.start;
        html! {
            <li key={format!("fold-{from}")} class={classes!("fold", format!("e{}", a.epoch % 8), (from >= hw).then_some("uncommitted"), lost.then_some("ghost"))}>
                <button data-testid={format!("fold-{id}-{from}-{last}")} title={narrate::unfold_title(lang, from, last)}
                    onclick={on_unfold.reform(move |_| from)}>{ text }</button>
            </li>
        }
    };
    // The log's items flat and keyed: spans, unfolded pages' Fold buttons, chunks.
    let mut log: Vec<Html> = Vec::new();
    for item in &log_items {
        let r = match item {
            Item::Folded(r) => {
                log.push(span(r, false));
                continue;
            }
            Item::Shown(r) => r,
        };
        for r in pieces(r.clone(), &folds.unfolded) {
            let (start, end) = (r.start, r.end);
            if folds.unfolded.contains(&start) && leo > fold::SHORT {
                log.push(html! {
                    <li key={format!("refold-{start}")} class="refold">
                        <button data-testid={format!("refold-{id}-{start}")} title={label(lang, Label::RefoldTitle)}
                            onclick={on_refold.reform(move |_| start)}>{ label(lang, Label::Refold) }</button>
                    </li>
                });
            }
            let part = log_of.read(start, u32::try_from(end - start).ok()).to_vec();
            log.push(html! {
                <Chunk key={start} broker={id.clone()} records={part} committed_to={hw.clamp(start, end)}
                    hw_mark={(start..end).contains(&hw).then_some(hw)} {lang}
                    pinned={folds.pinned.iter().copied().filter(|o| r.contains(o)).collect::<Vec<_>>()}
                    on_pin={on_pin.clone()} />
            });
        }
    }
    let (on_command, on_select) = (&p.on_command, &p.on_select);

    let status = if !alive || is_leader {
        None
    } else if c.leader().is_none() {
        Some(label(lang, Label::WaitingForLeader))
    } else if validating {
        Some(label(lang, Label::Validating))
    } else {
        None
    };

    html! {
        <section class={classes!("lane", role, halted.then_some("halted"), p.selected.then_some("selected"), (!in_isr).then_some("out-of-isr"))}
            data-testid={format!("{}broker-{id}", p.prefix)} data-role={role} data-halted={halted.then_some("true")} data-leo={leo.to_string()} data-hw={hw.to_string()}
            data-epoch={b.latest_epoch().map(|e| e.to_string()).unwrap_or_default()} data-isr={in_isr.to_string()}
            aria-label={format!("{} {id}", label(lang, Label::Broker))}>
            <header class="lane-head">
                <button class="name" aria-pressed={p.selected.to_string()} data-testid={format!("select-{id}")}
                    title={label(lang, Label::Select)} disabled={!p.interactive}
                    onclick={on_select.reform(move |_| ix)}>{ id.to_string() }</button>
                <span class={classes!("role", role, halted.then_some("halted"))}
                    title={halted.then(|| label(lang, Label::HaltedTitle))}>{ role_label }</span>
                <span class={classes!("isr", if in_isr { "in" } else { "out" })}>
                    { label(lang, if in_isr { Label::InIsr } else { Label::OutOfIsr }) }
                </span>
                { for pills.into_iter().map(badge) }
                <span class="nums">
                    <abbr title={label(lang, Label::LeoTitle)}>{ label(lang, Label::Leo) }</abbr>{ format!(" {leo} · ") }
                    <abbr title={label(lang, Label::HwTitle)}>{ label(lang, Label::Hw) }</abbr>{ format!(" {hw}") }
                </span>
                { for facts.into_iter().map(badge) }
                if let Some(s) = status {
                    <span class="status">{ s }</span>
                }
            </header>
            <div class="lane-body">
                <ol class="log" ref={log_ref} aria-label={format!("{id} log")} title={label(lang, Label::LogKeys)}
                    tabindex={(!log_of.is_empty()).then_some("0")} onkeydown={on_log_key} onmousedown={keep_focus}>
                    if log_of.is_empty() && ghosts.is_empty() {
                        <li class="empty">{ label(lang, Label::EmptyLog) }</li>
                    }
                    { for log }
                    if hw == leo {
                        <li class="mark hw" key="hw" title={label(lang, Label::HwTitle)}>{ narrate::hw_mark(lang, hw) }</li>
                    }
                    if leo != hw {
                        <li class="mark leo" key="leo" title={label(lang, Label::LeoTitle)}>{ narrate::leo_mark(lang, leo) }</li>
                    }
                    { for ghost_items.iter().flat_map(|item| match item {
                        Item::Folded(r) => vec![span(r, true)],
                        Item::Shown(r) => r.clone().filter_map(record_at).map(|r| html! {
                        <li key={format!("ghost-{}", r.offset)} class={classes!("cell", "ghost", format!("e{}", r.epoch % 8))}
                            data-testid={format!("lost-{id}-{}", r.offset)}
                            title={format!("{} ({} {})", label(lang, Label::LostTitle), label(lang, Label::AtStep), p.ghosts.0)}>
                            <span class="off">{ r.offset }</span>
                            <span class="val">{ r.value.to_string() }</span>
                            <span class="ep">{ label(lang, Label::Lost) }</span>
                        </li>
                        }).collect::<Vec<_>>(),
                    }) }
                </ol>
                { disk(lang, c, b, &id) }
            </div>
            if let Some((parked, arrow, text)) = flight {
                { message_in_flight(lang, ix, &id, (parked, arrow, text), p.interactive, on_command) }
            }
            if p.interactive {
                { actions(lang, c, ix, &id, on_command) }
            }
        </section>
    }
}

/// What a broker keeps on disk beside its log: the HW checkpoint and its
/// leader-epoch cache (none before 0.11).
fn disk(lang: Lang, c: &Cluster, b: &replab_core::Broker, id: &str) -> Html {
    let hw = b.hw();
    html! {
    <div class="disk" title={label(lang, Label::EpochCacheTitle)}>
        <span class="disk-title">{ label(lang, Label::Checkpoints) }</span>
        <span>{ format!("{} {hw}", label(lang, Label::HwCheckpoint)) }</span>
        if !c.capabilities().has_epoch_cache() {
            <span class="no-epochs" data-testid={format!("epochs-{id}")}>{ label(lang, Label::NoEpochsBefore011) }</span>
        } else {
            <table class="epochs" data-testid={format!("epochs-{id}")}>
                <caption>{ label(lang, Label::EpochCache) }</caption>
                // Its body explicit, as the HTML parser makes it in pre-rendered markup.
                <tbody>
                <tr><th scope="col">{ label(lang, Label::Epoch) }</th><th scope="col">{ label(lang, Label::StartOffset) }</th></tr>
                if b.durable.epoch_cache.entries().is_empty() {
                    <tr><td colspan="2">{ label(lang, Label::NoEpochs) }</td></tr>
                }
                { for b.durable.epoch_cache.entries().iter().map(|e| html! {
                    <tr class={format!("e{}", e.epoch % 8)}><td>{ e.epoch }</td><td>{ e.start_offset }</td></tr>
                }) }
                </tbody>
            </table>
        }
    </div>
        }
}

/// A response from the leader on its way to broker `ix`, or its fetch parked
/// at the leader (`parked`): the arrow, what it says, and Deliver and Drop.
fn message_in_flight(
    lang: Lang,
    ix: usize,
    id: &str,
    (parked, arrow, text): (bool, String, String),
    interactive: bool,
    on_command: &Callback<Command>,
) -> Html {
    html! {
    <div class={classes!("in-flight", parked.then_some("parked"))} data-testid={format!("in-flight-{id}")}
        data-parked={parked.then_some("true")}>
        <button class="message" data-testid={format!("deliver-{id}")}
            title={label(lang, if parked { Label::DeliverParkedTitle } else { Label::DeliverTitle })}
            disabled={!interactive}
            onclick={on_command.reform(move |_| Command::Deliver { follower: ix })}>
            <span class="arrow">{ arrow }</span>
            <span>{ text }</span>
            <span class="hint">{ label(lang, Label::Deliver) }</span>
        </button>
        <button class="drop" data-testid={format!("drop-{id}")} hidden={!interactive}
            title={label(lang, if parked { Label::DropParkedTitle } else { Label::DropTitle })}
            onclick={on_command.reform(move |_| Command::Drop { follower: ix })}>{ label(lang, Label::Drop) }</button>
    </div>
    }
}

/// The buttons that act on broker `ix`, each enabled exactly when
/// `Cluster::check` accepts its command.
fn actions(lang: Lang, c: &Cluster, ix: usize, id: &str, on_command: &Callback<Command>) -> Html {
    html! {
    <div class="actions" role="group" aria-label={id.to_string()}>
        { for buttons(ix).into_iter().map(|x| {
            let enabled = c.check(&x.command).is_ok();
            let command = x.command;
            html! {
                <button data-testid={format!("{}-{id}", x.id)} disabled={!enabled} title={label(lang, x.title)}
                    onclick={on_command.reform(move |_| command.clone())}>{ label(lang, x.label) }</button>
            }
        }) }
    </div>
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::components::{history_of, rendered};
    use replab_core::timeline::Timeline;
    use replab_core::Protocol;

    type On = (Callback<Command>, Callback<usize>, Callback<(usize, Fold)>);

    fn noop() -> On {
        (Callback::noop(), Callback::noop(), Callback::noop())
    }

    fn props(view: Arc<Cluster>, ix: usize, on: &On) -> LaneProps {
        LaneProps {
            view,
            ix,
            lang: Lang::EN,
            selected: false,
            interactive: true,
            prefix: "",
            ghosts: Rc::default(),
            last_restart: None,
            on_command: on.0.clone(),
            on_select: on.1.clone(),
            folds: Folds::default(),
            on_fold: on.2.clone(),
        }
    }

    fn lane_at(t: &Timeline, k: usize, ix: usize) -> String {
        rendered::<Lane>(props(t.state_arc(k), ix, &noop()))
    }

    /// The opening tag of the element with this test id.
    fn tag<'a>(html: &'a str, testid: &str) -> Option<&'a str> {
        let at = html.find(&format!("data-testid=\"{testid}\""))?;
        let start = html[..at].rfind('<')?;
        let end = at + html[at..].find('>')?;
        Some(&html[start..=end])
    }

    fn scenarios() -> Vec<(String, String)> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/scenarios");
        let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
            .expect("the presets' folder")
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "scn"))
            .map(|p| (p.display().to_string(), std::fs::read_to_string(&p).expect("readable")))
            .collect();
        out.sort();
        out
    }

    /// Every button of every lane, at every step of every preset under every
    /// protocol, is enabled exactly when `Cluster::enabled` offers its command.
    #[test]
    fn the_buttons_are_enabled_exactly_as_the_core_offers_them() {
        let mut checked = 0;
        for (name, text) in scenarios() {
            for protocol in Protocol::ALL {
                let t = history_of(&text, Some(protocol));
                for k in 0..=t.len() {
                    let view = t.state_arc(k);
                    let offered = view.enabled(&replab_core::Value::from("m"));
                    for ix in 0..view.brokers().len() {
                        let html = lane_at(&t, k, ix);
                        let id = &view.brokers()[ix].id;
                        for b in buttons(ix) {
                            let button = tag(&html, &format!("{}-{id}", b.id)).expect("every button is drawn");
                            let enabled = !button.contains(" disabled=\"disabled\"");
                            assert_eq!(
                                enabled,
                                offered.contains(&b.command),
                                "{name} under {protocol:?}, step {k}: {button}"
                            );
                            checked += 1;
                        }
                        // A response in flight can be delivered exactly when the core takes it.
                        if let Some(deliver) = tag(&html, &format!("deliver-{id}")) {
                            assert!(!deliver.contains(" disabled=\"disabled\""));
                            assert!(offered.contains(&Command::Deliver { follower: ix }), "{name} step {k}");
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked} buttons checked");
    }

    #[test]
    fn a_read_only_lane_has_no_buttons() {
        let t = history_of("brokers A B\nproduce m1\nsend B\n", None);
        let html = rendered::<Lane>(LaneProps {
            interactive: false,
            ..props(t.state_arc(2), 1, &noop())
        });
        assert!(tag(&html, "fetch-B").is_none());
        assert!(tag(&html, "deliver-B")
            .expect("the response in flight")
            .contains(" disabled=\"disabled\""));
    }

    #[test]
    fn a_lane_shows_its_role_marks_and_badges() {
        let halts = include_str!("../../../../web/scenarios/follower-halts.scn");
        let t = history_of(halts, Some(Protocol::Hw));
        let b = lane_at(&t, t.len(), 1);
        let section = tag(&b, "broker-B").expect("the lane");
        assert!(section.contains(r#"data-role="down" data-halted="true""#), "{section}");
        assert!(tag(&b, "halted-B").expect("a halted badge").contains("badge halted"));

        // The HW held by a caught-up replica outside the ISR: a badge on the leader.
        let held = include_str!("../../../../web/scenarios/hw-waits-for-crashed-follower.scn");
        let t = history_of(held, None);
        let k = (1..=t.len())
            .find(|&k| t.state_arc(k).hw_held_by_replica().is_some())
            .expect("a hold");
        let a = lane_at(&t, k, 0);
        let badge = tag(&a, "hw-held-A").expect("the hold's badge");
        assert!(badge.contains("badge hw-held"), "{badge}");
        assert!(a.contains("HW held by B"), "{a}");
        // KRaft: each broker's epoch is told; ZooKeeper has none.
        let quick = include_str!("../../../../web/scenarios/kraft-quick-restart.scn");
        let t = history_of(quick, None);
        assert!(lane_at(&t, t.len(), 0).contains(">broker epoch 1<"));
        let t = history_of(quick, Some(Protocol::DivergingEpoch));
        assert!(tag(&lane_at(&t, t.len(), 0), "broker-epoch-A").is_none());
    }

    /// A long log folds into spans around what matters (the HW, the log end),
    /// and the HW and LEO marks stand where they are.
    #[test]
    fn a_long_log_folds_around_its_marks() {
        let mut text = String::from("brokers A B\n");
        for i in 1..=500 {
            text.push_str(&format!("produce m{i}\n"));
        }
        // The second fetch tells A that B has 300 records.
        text.push_str("fetch B max=300\nfetch B max=1\n");
        let t = history_of(&text, None);
        let a = lane_at(&t, t.len(), 0);
        let section = tag(&a, "broker-A").expect("the lane");
        assert!(section.contains(r#"data-leo="500" data-hw="300""#), "{section}");
        // Folded: far fewer records drawn than written, and spans to unfold.
        let drawn = a.matches("data-testid=\"record-A-").count();
        assert!((1..200).contains(&drawn), "{drawn} records drawn");
        assert!(
            a.matches("data-testid=\"fold-A-").count() >= 2,
            "spans between the marks fold"
        );
        // Where epoch 0 starts, the HW and the log end are kept in full.
        for o in [0, 299, 300, 499] {
            assert!(
                a.contains(&format!("data-testid=\"record-A-{o}\"")),
                "record {o} is shown"
            );
        }
        assert!(a.contains(">HW 300<") && a.contains(">LEO 500<"));
        // A short log is shown whole.
        let t = history_of("brokers A B\nproduce m1\nproduce m2\nfetch B\n", None);
        let b = lane_at(&t, t.len(), 1);
        assert_eq!(b.matches("data-testid=\"record-B-").count(), 2);
        assert!(!b.contains("data-testid=\"fold-"));
    }

    /// A lane whose broker and buttons did not change compares equal, so it is
    /// not rendered again.
    #[test]
    fn only_the_lanes_whose_data_changed_are_rendered_again() {
        let t = history_of("brokers A B C\nproduce m1\nproduce m2\nfetch B\ntick 100\n", None);
        // The page's callbacks are made once.
        let on = noop();
        let same = |k: usize, ix: usize| props(t.state_arc(k - 1), ix, &on) == props(t.state_arc(k), ix, &on);
        // produce m2: A changes, B and C do not.
        assert_eq!((same(2, 0), same(2, 1), same(2, 2)), (false, true, true));
        // fetch B: A (what it knows of B) and B change, C does not.
        assert!(!same(3, 1) && same(3, 2));
        // A tick within the lag time changes no lane.
        assert_eq!((same(4, 0), same(4, 1), same(4, 2)), (true, true, true));
        // Under KRaft, C's lane is unchanged by a produce.
        let t = history_of(
            "protocol kraft-elr\nbrokers A B C\nproduce m1\nfetch B\nfetch C\nproduce m2\n",
            None,
        );
        assert!(props(t.state_arc(3), 2, &on) == props(t.state_arc(4), 2, &on));
        // A read-only lane (the compared column) never calls its command and
        // select callbacks: new ones on each render change nothing (it folds
        // with the page's one fold callback).
        let read_only = |k: usize| LaneProps {
            interactive: false,
            ..props(t.state_arc(k), 2, &(Callback::noop(), Callback::noop(), on.2.clone()))
        };
        assert!(read_only(3) == read_only(4) && read_only(2) != read_only(3));
    }
}

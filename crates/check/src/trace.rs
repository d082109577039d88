//! A counterexample: the explorer's path (step indices) replayed into commands,
//! and written as a scenario that `replab_core::scenario::parse` and `run` play
//! back to the same violation.

use crate::actions::actions;
use crate::bounds::Bounds;
use crate::state::State;
use replab_core::decisive::{notes, Decisive};
use replab_core::scenario::found_history_text;
use replab_core::{Command, Setup, Violation, ViolationKind};

/// A path replayed from the setup.
pub(crate) struct Replayed {
    pub commands: Vec<Command>,
    /// The violation the bounds look for that the last step fired, if any.
    pub violation: Option<Violation>,
}

/// Replays `path`, each entry the index of a step among those tried from the
/// state reached so far. Err: the index of the first entry that named no step
/// the model accepted.
pub(crate) fn replay(setup: &Setup, bounds: &Bounds, path: &[u32]) -> Result<Replayed, usize> {
    let mut state = State::start(setup);
    let mut commands = Vec::with_capacity(path.len());
    let mut violation = None;
    for (at, &i) in path.iter().enumerate() {
        let steps = actions(&state.cluster, state.tracked.spent, bounds);
        let command = steps.get(i as usize).ok_or(at)?;
        let (next, events) = state.after(command).ok_or(at)?;
        violation = State::wanted_violation(&events, bounds);
        commands.push(command.clone());
        state = next;
    }
    Ok(Replayed { commands, violation })
}

/// `trace` from `setup` as scenario text: a header with the setup's protocol,
/// brokers, leader and every setting that differs from the default, the
/// commands, and `expect violation <kind>` at the end when `kind` is given.
pub fn scenario_text(setup: &Setup, trace: &[Command], kind: Option<ViolationKind>) -> String {
    write_text(setup, trace, kind, &[])
}

/// `scenario_text`, with comments on the decisive steps (`decisive_steps`):
/// before each decisive command, one `# ` line per string `comment` gives for
/// it (a line break in a string becomes a space). The words are the caller's
/// (`replab_view::found` words them in a language). A trace the model refuses
/// gets no comments.
pub fn scenario_text_with_comments(
    setup: &Setup,
    trace: &[Command],
    kind: Option<ViolationKind>,
    comment: impl Fn(&Decisive) -> Vec<String>,
) -> String {
    write_text(setup, trace, kind, &notes(setup, trace, comment))
}

/// The text, with the checker's own title and `notes` before their steps.
fn write_text(setup: &Setup, trace: &[Command], kind: Option<ViolationKind>, notes: &[(usize, String)]) -> String {
    let title = match kind {
        Some(k) => format!("Found by replab-check: {} in {} steps", k.name(), trace.len()),
        None => format!("Found by replab-check: {} steps", trace.len()),
    };
    found_history_text(Some(&title), setup, trace, notes, kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::config::Settings;
    use replab_core::scenario::parse;
    use replab_core::Setting;
    use replab_core::{Acks, Protocol};

    #[test]
    fn the_text_parses_back_to_the_setup_and_trace() {
        let setup = Setup {
            brokers: vec!["A".into(), "B".into()],
            leader: 1,
            settings: Settings::from_lines(&[Setting::Acks(Acks::Leader), Setting::EligibleLeaderReplicasVersion(0)]),
            protocol: Protocol::KraftElr,
        };
        let trace = vec![
            Command::Produce {
                value: "m1".into(),
                acks: None,
            },
            Command::Fetch { follower: 0, max: None },
        ];
        let text = scenario_text(&setup, &trace, None);
        let script = parse(&text).expect("parses");
        assert_eq!(script.setup(None), setup);
        let commands: Vec<Command> = script.commands_under(setup.protocol).map(|(_, c)| c.clone()).collect();
        assert_eq!(commands, trace);
    }
}

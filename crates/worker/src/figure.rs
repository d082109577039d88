//! Figures for the page's export dialog, made in the worker so that the page's
//! first download carries none of it: the strip of chosen steps as SVG (which
//! the page shows, and rasterises with its canvas for a PNG), the pictures of
//! an animation as SVGs with their frame times (which the page rasterises), and
//! the GIF encoded from those rasterised pictures.

use replab_core::scenario;
use replab_core::Protocol;
use replab_narrate::{self as narrate, Lang, Names};
use replab_view::strip::{self, Selection};

pub use replab_messages::figure::{FigureReply, FigureRequest, FrameRequest, MatrixFigureRequest, SpaceTimeRequest};
pub use replab_view::strip::{DELAY, PAUSE};

/// The safety matrix figure's SVG.
pub fn matrix_figure(request: &MatrixFigureRequest) -> FigureReply {
    let lang = lang_of(&request.lang);
    FigureReply::MatrixFigure {
        job: request.job,
        svg: replab_view::matrix::matrix_svg(lang, &request.table),
    }
}

/// The language a request names by its code (English when this build does
/// not speak it).
fn lang_of(code: &str) -> Lang {
    Lang::from_code(code).unwrap_or(Lang::EN)
}

/// A figure request the worker could not read, in English: it has no
/// language it could be read in.
pub fn figure_unreadable(error: &str) -> FigureReply {
    FigureReply::Invalid {
        job: 0,
        message: format!(
            "{}: {error}",
            narrate::label(Lang::EN, narrate::Label::CheckerBadRequest)
        ),
    }
}

/// `{ type: "gif", lang, width, height, pictures: [Uint8ClampedArray RGBA],
/// delays }` (the pictures as the page's canvas gives them) → `{ type: "gif",
/// bytes }`, or `{ type: "invalid", message }` in `lang`.
#[cfg(target_arch = "wasm32")]
pub fn gif_reply(data: &wasm_bindgen::JsValue) -> wasm_bindgen::JsValue {
    use js_sys::{Array, Object, Reflect, Uint8Array, Uint8ClampedArray};
    use wasm_bindgen::{JsCast, JsValue};
    let get = |key: &str| Reflect::get(data, &JsValue::from_str(key)).ok();
    let number = |key: &str| {
        get(key)
            .and_then(|v| v.as_f64())
            .filter(|n| n.fract() == 0.0 && (1.0..=65535.0).contains(n))
    };
    // Width, height, the RGBA pictures and their delays.
    type Pictures = (u16, u16, Vec<Vec<u8>>, Vec<u16>);
    let read = || -> Option<Pictures> {
        let (w, h) = (number("width")? as u16, number("height")? as u16);
        let pictures = get("pictures")?
            .dyn_into::<Array>()
            .ok()?
            .iter()
            .map(|p| p.dyn_into::<Uint8ClampedArray>().ok().map(|a| a.to_vec()))
            .collect::<Option<Vec<_>>>()?;
        let delays = get("delays")?
            .dyn_into::<Array>()
            .ok()?
            .iter()
            .map(|d| {
                d.as_f64()
                    .filter(|n| n.fract() == 0.0 && (0.0..=65535.0).contains(n))
                    .map(|n| n as u16)
            })
            .collect::<Option<Vec<_>>>()?;
        Some((w, h, pictures, delays))
    };
    let reply = Object::new();
    let set = |k: &str, v: &JsValue| {
        let _ = Reflect::set(&reply, &JsValue::from_str(k), v);
    };
    let encoded = match read() {
        Some((w, h, mut pictures, delays)) => {
            set("frames", &JsValue::from(pictures.len() as u32));
            replab_view::gif::encode(w, h, &mut pictures, &delays).map_err(|e| e.to_string())
        }
        None => Err("width, height, pictures and delays are needed".to_string()),
    };
    set("job", &get("job").unwrap_or(JsValue::from(0)));
    match encoded {
        Ok(bytes) => {
            set("type", &"gif".into());
            set("bytes", &Uint8Array::from(bytes.as_slice()).into());
        }
        Err(e) => {
            let lang = lang_of(&get("lang").and_then(|l| l.as_string()).unwrap_or_default());
            set("type", &"invalid".into());
            set("message", &narrate::gif_failed(lang, &e).into());
        }
    }
    reply.into()
}

/// The figure `request` asks for.
pub fn figure(request: &FigureRequest) -> FigureReply {
    let lang = lang_of(&request.lang);
    let invalid = |message| FigureReply::Invalid {
        job: request.job,
        message,
    };
    let script = match scenario::parse(&request.scenario) {
        Ok(s) => s,
        Err(e) => return invalid(narrate::script_error(lang, &Names(&[]), &e)),
    };
    let loaded = match scenario::load(&script, Protocol::from_name(&request.protocol)) {
        Ok(l) => l,
        Err(e) => return invalid(narrate::script_error(lang, &Names(&script.brokers), &e)),
    };
    let t = loaded.timeline;
    let selection = match request.selection.as_str() {
        "decisions" => Ok(Selection::Decisions),
        text => Selection::parse(text),
    };
    let (steps, width) = match selection
        .and_then(|s| s.steps(&t))
        .and_then(|steps| Ok((steps, strip::check_width(request.width)?)))
    {
        Ok(x) => x,
        Err(e) => return invalid(e.text(lang)),
    };
    let title = Some(request.title.clone())
        .filter(|t| !t.is_empty())
        .or_else(|| script.title.clone())
        .unwrap_or_else(|| narrate::label(lang, narrate::Label::AppTitle).to_string());
    let frames = strip::frames(&t, &steps, lang, width);
    let height = strip::animation_height(&frames, width);
    FigureReply::Figure {
        job: request.job,
        steps: steps.iter().map(|&k| u32::try_from(k).unwrap_or(u32::MAX)).collect(),
        strip: strip::strip_svg(&t, &title, &frames, lang, width),
        pictures: frames
            .iter()
            .map(|f| strip::frame_svg(&t, &title, f, lang, width, height))
            .collect(),
        delays: strip::frame_delays(&frames, DELAY, PAUSE),
        width,
        height,
    }
}

/// The step `request` asks for as a standalone SVG, as the page's Download
/// SVG gives it: the lanes at that step and the latest decision up to it.
pub fn frame(request: &FrameRequest) -> FigureReply {
    let lang = lang_of(&request.lang);
    let t = match history(&request.scenario, &request.protocol, lang, request.job) {
        Ok(t) => t,
        Err(invalid) => return invalid,
    };
    let cursor = (request.step as usize).min(t.len());
    let view = t.state_arc(cursor);
    let decisions = replab_view::history::decision_steps(&t, cursor)
        .next()
        .map(|k| replab_view::decision_text::describe(lang, &t, k))
        .unwrap_or_default();
    let restarts = replab_view::history::last_restarts(&t, cursor, &view);
    FigureReply::Frame {
        job: request.job,
        svg: replab_view::svg::frame(lang, &view, &request.title, cursor, &decisions, &restarts),
    }
}

/// The history a request's scenario text tells under `protocol`, or the reply
/// that says, in `lang`, why it does not load.
fn history(
    scenario: &str,
    protocol: &str,
    lang: Lang,
    job: u32,
) -> Result<replab_core::timeline::Timeline, FigureReply> {
    let loaded = scenario::parse(scenario)
        .map_err(|e| (e, Vec::new()))
        .and_then(|script| scenario::load(&script, Protocol::from_name(protocol)).map_err(|e| (e, script.brokers)));
    loaded.map(|l| l.timeline).map_err(|(e, brokers)| FigureReply::Invalid {
        job,
        message: narrate::script_error(lang, &Names(&brokers), &e),
    })
}

/// The space-time diagram `request` asks for.
pub fn spacetime(request: &SpaceTimeRequest) -> FigureReply {
    let lang = lang_of(&request.lang);
    match history(&request.scenario, &request.protocol, lang, request.job) {
        Ok(t) => FigureReply::SpaceTime {
            job: request.job,
            svg: replab_view::spacetime::diagram(&t, lang, request.first as usize, request.last as usize),
        },
        Err(invalid) => invalid,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::ViolationKind;
    use replab_narrate::{MatrixCell, MatrixClaim};
    use replab_view::matrix::{MatrixColumn, MatrixRow, MatrixTable};

    /// The page sends the table's data as a plain object; what arrives draws
    /// the figure the data describes, an error's text included.
    #[test]
    fn a_matrix_figure_request_survives_the_trip_and_draws_its_table() {
        let cells = vec![
            MatrixCell::Violation {
                kind: ViolationKind::CommittedWriteLost,
                steps: 5,
            },
            MatrixCell::Safe { states: 20_623 },
            MatrixCell::Unfinished { states: 9, depth: 2 },
            MatrixCell::Error("a <trap>".into()),
            MatrixCell::Waiting,
            MatrixCell::OverBudget {
                megabytes: 512,
                depth: 9,
            },
        ];
        let table = MatrixTable {
            brokers: vec!["A".into(), "B".into()],
            records: 2,
            failures: 2,
            epoch: 3,
            limit: 1_000_000,
            megabytes: Some(512),
            acks_one: Some("produce m1 acks=1; crash A".into()),
            columns: Protocol::ALL
                .iter()
                .map(|p| MatrixColumn {
                    lines: vec![p.name().to_string()],
                })
                .collect(),
            rows: vec![MatrixRow {
                min_insync: 2,
                unclean: false,
                unflushed: true,
                cells: cells.clone(),
            }],
            claims: vec![(
                true,
                vec![MatrixClaim::Open; 4]
                    .into_iter()
                    .chain([MatrixClaim::Holds])
                    .collect(),
            )],
        };
        for &lang in Lang::ALL {
            let request = MatrixFigureRequest {
                job: 7,
                lang: lang.code().into(),
                table: table.clone(),
            };
            let json = serde_json::to_string(&request).expect("serializes");
            let back: MatrixFigureRequest = serde_json::from_str(&json).expect("reads back");
            assert_eq!(back, request);
            let FigureReply::MatrixFigure { job, svg } = matrix_figure(&back) else {
                panic!("not a figure");
            };
            assert_eq!(job, 7);
            assert_eq!(svg, replab_view::matrix::matrix_svg(lang, &table));
            assert!(svg.contains("&lt;trap&gt;"), "{svg}");
        }
    }

    fn request(selection: &str, width: u32) -> FigureRequest {
        FigureRequest {
            scenario: include_str!("../../../web/scenarios/data-loss.scn").into(),
            title: String::new(),
            job: 0,
            protocol: "hw".into(),
            lang: "en".into(),
            selection: selection.into(),
            width,
        }
    }

    #[test]
    fn the_decisions_of_the_data_loss_story_as_a_strip_and_pictures() {
        let FigureReply::Figure {
            job: 0,
            steps,
            strip,
            pictures,
            delays,
            width,
            height,
        } = figure(&request("decisions", 720))
        else {
            panic!("a figure")
        };
        assert_eq!(steps, vec![5, 6, 7, 8]);
        assert_eq!(strip.matches("<g class=\"frame\" data-step=").count(), 4);
        assert_eq!(pictures.len(), 4);
        assert!(pictures
            .iter()
            .all(|p| p.contains(&format!("width=\"720\" height=\"{height}\""))));
        assert_eq!(delays, vec![150, 350, 150, 150]);
        assert_eq!(width, 720);
    }

    #[test]
    fn the_space_time_diagram_of_the_data_loss_story() {
        let request = SpaceTimeRequest {
            job: 4,
            scenario: include_str!("../../../web/scenarios/data-loss.scn").into(),
            protocol: "hw".into(),
            lang: "en".into(),
            first: 1,
            last: 11,
        };
        let FigureReply::SpaceTime { job, svg } = spacetime(&request) else {
            panic!("a diagram")
        };
        assert_eq!(job, 4);
        assert_eq!(svg.matches(r#"data-testid="st-arrow""#).count(), 6);
        // The page reads the reply's type as it is posted.
        let posted = serde_json::to_value(spacetime(&request)).expect("serializes");
        assert_eq!(posted["type"], "spacetime");
        // A request as the page writes it.
        let read: SpaceTimeRequest = serde_json::from_value(serde_json::json!({
            "type": "spacetime", "job": 4, "scenario": request.scenario, "protocol": "hw",
            "lang": "en", "first": 1, "last": 11,
        }))
        .expect("reads");
        assert_eq!(read, request);
        // The response that brings m2 carries the HW from before the fetch moved it.
        assert!(svg.contains("records m2 · HW 0 (A&#39;s HW 1)"), "{svg}");
        let broken = SpaceTimeRequest {
            scenario: "brokers A\nfetch Z\n".into(),
            ..request
        };
        assert!(matches!(spacetime(&broken), FigureReply::Invalid { job: 4, .. }));
    }

    // Download SVG's frame, made here from the page's request: the lanes at
    // the step (consumers too) and the latest decision up to it.
    #[test]
    fn a_frame_of_a_step_with_its_decision() {
        let request: FrameRequest = serde_json::from_value(serde_json::json!({
            "type": "frame", "job": 2, "protocol": "diverging-epoch", "lang": "en", "step": 10,
            "title": "Power loss", "scenario": include_str!("../../../web/scenarios/power-loss-two-consumers.scn"),
        }))
        .expect("reads");
        let reply = frame(&request);
        assert_eq!(serde_json::to_value(&reply).expect("serializes")["type"], "frame");
        let FigureReply::Frame { job, svg } = reply else {
            panic!("a frame")
        };
        assert_eq!(job, 2);
        assert!(svg.starts_with("<svg xmlns") && svg.contains("Power loss"));
        assert!(svg.contains(r#"<g class="consumer" data-consumer="c1">"#));
        assert!(svg.contains("Truncation detected by a consumer · c1"), "{svg}");
        let broken = FrameRequest {
            scenario: "brokers A\nfetch Z\n".into(),
            ..request
        };
        assert!(matches!(frame(&broken), FigureReply::Invalid { job: 2, .. }));
    }

    #[test]
    fn bad_selections_and_widths_are_worded_in_the_request_s_language() {
        for &lang in Lang::ALL {
            let mut r = request("3,x", 720);
            r.lang = lang.code().into();
            let FigureReply::Invalid { message, .. } = figure(&r) else {
                panic!("invalid")
            };
            let e = Selection::parse("3,x").expect_err("not a step list");
            assert_eq!(message, e.text(lang));
        }
        let FigureReply::Invalid { message, .. } = figure(&request("3,x", 720)) else {
            panic!("invalid")
        };
        assert!(message.starts_with("'3,x' is not a step list"), "{message}");
        assert!(
            matches!(figure(&request("1..99", 720)), FigureReply::Invalid { message, .. } if message.contains("step 99"))
        );
        assert!(
            matches!(figure(&request("1..3", 100)), FigureReply::Invalid { message, .. } if message.contains("100 px"))
        );
    }
}

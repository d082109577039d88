//! The figure requests and replies between the page and its worker: the
//! export dialog's strip and animation, the space-time diagram, the safety
//! matrix's figure. The worker draws them (`replab_worker::figure`), so the
//! page's first download carries none of the drawing.

use replab_view::matrix::MatrixTable;
use serde::{Deserialize, Serialize};

/// Page → worker: the figure of a history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FigureRequest {
    /// The page's number for this request, repeated in the reply.
    #[serde(default)]
    pub job: u32,
    /// The history as scenario text.
    pub scenario: String,
    /// The figure's title as the page shows it (empty: the scenario's own).
    pub title: String,
    pub protocol: String,
    /// The language's code (`Lang::code`).
    pub lang: String,
    /// `decisions`, a step list (`3,6,9`) or a range (`1..12`).
    pub selection: String,
    pub width: u32,
}

/// Worker → page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", rename_all_fields = "camelCase")]
pub enum FigureReply {
    /// The strip, and the pictures of the animation (each `width` ×
    /// `height`) with their frame times.
    Figure {
        job: u32,
        steps: Vec<u32>,
        strip: String,
        pictures: Vec<String>,
        delays: Vec<u16>,
        width: u32,
        height: u32,
    },
    /// What is wrong with the request, in its language.
    Invalid { job: u32, message: String },
    /// The space-time diagram's markup (`replab_view::spacetime`).
    #[serde(rename = "spacetime")]
    SpaceTime { job: u32, svg: String },
    /// The safety matrix as a figure (`replab_view::matrix`).
    MatrixFigure { job: u32, svg: String },
    /// One step as a standalone SVG (`replab_view::svg::frame`): the share
    /// bar's Download SVG.
    Frame { job: u32, svg: String },
}

/// Page → worker: the safety matrix as it stands, to draw as a figure (the
/// page carries the table's data, not the drawing).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MatrixFigureRequest<'a> {
    #[serde(default)]
    pub job: u32,
    /// The language's code (`Lang::code`).
    pub lang: String,
    pub table: MatrixTable<'a>,
}

/// Page → worker: step `step` of a history as a standalone SVG, titled as
/// the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FrameRequest {
    #[serde(default)]
    pub job: u32,
    /// The history as scenario text.
    pub scenario: String,
    pub title: String,
    pub protocol: String,
    /// The language's code (`Lang::code`).
    pub lang: String,
    pub step: u32,
}

/// Page → worker: the space-time diagram of a history's steps `first..=last`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SpaceTimeRequest {
    #[serde(default)]
    pub job: u32,
    /// The history as scenario text.
    pub scenario: String,
    pub protocol: String,
    /// The language's code (`Lang::code`).
    pub lang: String,
    pub first: u32,
    pub last: u32,
}

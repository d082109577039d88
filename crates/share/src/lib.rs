//! Share links. Everything needed to reopen a view — the scenario text, the
//! protocol, the protocol compared with it, the step and the language — goes into
//! the URL fragment:
//!
//! `#v<version>.<base64url(raw deflate(payload))>`, where the payload is
//!
//! ```text
//! protocol=kip-279
//! compare=kip-101
//! step=12
//! lang=de
//!
//! <scenario text>
//! ```
//!
//! Three versions exist. `v1` has exactly the header lines `protocol`, `step`
//! and `lang`; `v2` adds an optional `compare`, a second protocol different from
//! `protocol`; `v3` has the lines of `v2`, and its scenario text is read with
//! each release's defaults (scenario language 1.4, rule 1). A `v1` or `v2` link
//! was made when every protocol shared the defaults of 1.3, so its text is read
//! with those ([`Shared::made_before_1_4`]; the page pins them into the
//! script, `Script::pinned_to(Config::LANGUAGE_1_3)`): an old link opens exactly
//! what it showed. [`encode`] writes `v3`, or a link read as `v1`/`v2` back in
//! its own version. [`decode`] reads all three.
//!
//! Decoding checks everything and says what is wrong; it never panics and never
//! drops a part silently: a `v1` link with a `compare` line is refused (an unknown
//! field), as is any header line a version does not have.
//!
//! The deflate and base64url steps are behind the `deflate` feature (on by
//! default: the runner and the worker). The page leaves it off and does those two
//! steps with the browser's own `CompressionStream("deflate-raw")` and `btoa`,
//! around [`payload`], [`split`] and [`parse_payload`] here (the `browser`
//! feature, [`browser`]): the same format, so each reads the other's links,
//! without a compressor in the page's download.

use replab_core::Protocol;

#[cfg(feature = "browser")]
pub mod browser;

/// The newest format: this build reads every version from 1 up to it, and writes
/// it when a link needs it (a compared protocol); links of other versions are
/// refused.
pub const VERSION: u32 = 3;

/// Whether `code` is a language code a link may carry: two or three small
/// letters. The link carries it as it is; the lab speaks it if it is one of
/// its languages (`replab_narrate::Lang`), else its default.
pub fn is_lang_code(code: &str) -> bool {
    (2..=3).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_lowercase())
}

/// The largest payload a link may inflate to (a scenario is a few KiB).
pub const MAX_PAYLOAD: usize = 1 << 20;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shared {
    pub text: String,
    pub protocol: Protocol,
    /// A second protocol shown beside `protocol` (never the same one).
    pub compare: Option<Protocol>,
    pub step: usize,
    /// A language code (`is_lang_code`).
    pub lang: String,
    /// A `v1`/`v2` link: its text means what it meant under the scenario
    /// language's 1.3 defaults (`Config::LANGUAGE_1_3`), not the release
    /// defaults of 1.4.
    pub made_before_1_4: bool,
}

/// Why a fragment is not a usable link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Not of the form `v<version>.<data>`.
    NotALink,
    UnknownVersion {
        version: String,
    },
    /// The data is not base64url.
    BadEncoding,
    /// The data does not inflate: cut short or corrupted.
    Corrupted,
    TooLarge,
    /// A header line is missing.
    MissingField {
        field: &'static str,
    },
    BadField {
        field: String,
        value: String,
    },
    UnknownField {
        field: String,
    },
}

/// The compared protocol a link carries: none when it is `protocol` itself, which
/// is no comparison.
fn compared(s: &Shared) -> Option<Protocol> {
    s.compare.filter(|&c| c != s.protocol)
}

/// The uncompressed payload of `s`'s link: header lines, a blank line, the text.
pub fn payload(s: &Shared) -> String {
    let compare = compared(s).map_or_else(String::new, |c| format!("compare={}\n", c.name()));
    format!(
        "protocol={}\n{compare}step={}\nlang={}\n\n{}",
        s.protocol.name(),
        s.step,
        s.lang,
        s.text
    )
}

/// The version `s`'s link is written in: `v3`, whose text is read with the
/// release defaults; a link read from a `v1`/`v2` one keeps the oldest of those
/// that holds it, so its text keeps its meaning.
pub fn version_for(s: &Shared) -> u32 {
    match (s.made_before_1_4, compared(s).is_some()) {
        (false, _) => VERSION,
        (true, true) => 2,
        (true, false) => 1,
    }
}

/// The fragment (without `#`) for `s` (`version_for`). A `compare` equal to
/// `protocol` is left out.
#[cfg(feature = "deflate")]
pub fn encode(s: &Shared) -> String {
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine;
    let compressed = miniz_oxide::deflate::compress_to_vec(payload(s).as_bytes(), 9);
    format!("v{}.{}", version_for(s), URL_SAFE_NO_PAD.encode(compressed))
}

/// A fragment (with or without the leading `#`) split into its version, checked,
/// and its data (base64url of the deflated payload, not yet checked).
pub fn split(fragment: &str) -> Result<(u32, &str), LinkError> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let (version, data) = fragment.split_once('.').ok_or(LinkError::NotALink)?;
    let digits = version.strip_prefix('v').ok_or(LinkError::NotALink)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(LinkError::NotALink);
    }
    let version = match digits.parse::<u32>() {
        Ok(v @ 1..=VERSION) => v,
        _ => {
            return Err(LinkError::UnknownVersion {
                version: version.to_string(),
            })
        }
    };
    Ok((version, data))
}

/// Whether `data` holds only base64url characters (and padding at its end): a
/// character outside them is damage, while a bad length or a misplaced character
/// is what a link cut short looks like.
pub fn is_base64url(data: &str) -> bool {
    data.trim_end_matches('=')
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Reads a fragment (with or without the leading `#`).
#[cfg(feature = "deflate")]
pub fn decode(fragment: &str) -> Result<Shared, LinkError> {
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine;
    let (version, data) = split(fragment)?;
    if !is_base64url(data) {
        return Err(LinkError::BadEncoding);
    }
    let compressed = URL_SAFE_NO_PAD
        .decode(data.trim_end_matches('='))
        .map_err(|_| LinkError::Corrupted)?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&compressed, MAX_PAYLOAD).map_err(|e| {
        if e.status == miniz_oxide::inflate::TINFLStatus::HasMoreOutput {
            LinkError::TooLarge
        } else {
            LinkError::Corrupted
        }
    })?;
    let text = String::from_utf8(bytes).map_err(|_| LinkError::Corrupted)?;
    parse_payload(version, &text)
}

/// The header and the scenario text of a `version` link's inflated payload.
pub fn parse_payload(version: u32, text: &str) -> Result<Shared, LinkError> {
    let (header, body) = text
        .split_once("\n\n")
        .ok_or(LinkError::MissingField { field: "protocol" })?;
    let (mut protocol, mut compare, mut step, mut lang) = (None, None, None, None);
    for line in header.lines() {
        let (k, v) = line.split_once('=').ok_or_else(|| LinkError::UnknownField {
            field: line.to_string(),
        })?;
        let bad = || LinkError::BadField {
            field: k.to_string(),
            value: v.to_string(),
        };
        match k {
            "protocol" if protocol.is_none() => protocol = Some(Protocol::from_name(v).ok_or_else(bad)?),
            "compare" if version >= 2 && compare.is_none() => {
                compare = Some((Protocol::from_name(v).ok_or_else(bad)?, v));
            }
            "step" if step.is_none() => {
                if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(bad());
                }
                step = Some(v.parse::<usize>().map_err(|_| bad())?);
            }
            "lang" if lang.is_none() => {
                if !is_lang_code(v) {
                    return Err(bad());
                }
                lang = Some(v.to_string());
            }
            _ => return Err(LinkError::UnknownField { field: k.to_string() }),
        }
    }
    let protocol = protocol.ok_or(LinkError::MissingField { field: "protocol" })?;
    // Comparing a protocol with itself is no comparison: such a link is damaged.
    let compare = match compare {
        Some((c, v)) if c == protocol => {
            return Err(LinkError::BadField {
                field: "compare".to_string(),
                value: v.to_string(),
            })
        }
        other => other.map(|(c, _)| c),
    };
    Ok(Shared {
        text: body.to_string(),
        protocol,
        compare,
        step: step.ok_or(LinkError::MissingField { field: "step" })?,
        lang: lang.ok_or(LinkError::MissingField { field: "lang" })?,
        made_before_1_4: version < 3,
    })
}

#[cfg(all(test, feature = "deflate"))]
mod tests {
    use super::*;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine;

    fn sample() -> Shared {
        Shared {
            text: "title T\nbrokers A B\nproduce m1\nfetch B\n".into(),
            protocol: Protocol::Kip279,
            compare: None,
            step: 2,
            lang: "de".into(),
            made_before_1_4: false,
        }
    }

    /// `sample()` as read from a link made before 1.4.
    fn old_sample() -> Shared {
        Shared {
            made_before_1_4: true,
            ..sample()
        }
    }

    /// A link of `version` whose payload is `payload`, as a hand-made link would be.
    fn link(version: &str, payload: &str) -> String {
        format!(
            "{version}.{}",
            URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(payload.as_bytes(), 9))
        )
    }

    fn is_fragment(f: &str) -> bool {
        f.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.')
    }

    /// `s`'s link, which decodes back to `s`, with or without its `#`.
    fn round_trips(s: &Shared) -> String {
        let f = encode(s);
        assert!(is_fragment(&f));
        assert_eq!(decode(&f).as_ref(), Ok(s));
        assert_eq!(decode(&format!("#{f}")).as_ref(), Ok(s));
        f
    }

    #[test]
    fn round_trip() {
        let f = round_trips(&sample());
        assert!(f.starts_with("v3."), "{f}");
        // A link read from a v1 link is written back as one.
        let f = round_trips(&old_sample());
        assert!(f.starts_with("v1."), "{f}");
    }

    #[test]
    fn a_compared_protocol_round_trips() {
        let f = round_trips(&Shared {
            compare: Some(Protocol::Kip101),
            ..sample()
        });
        assert!(f.starts_with("v3."));
        let f = round_trips(&Shared {
            compare: Some(Protocol::Kip101),
            ..old_sample()
        });
        assert!(f.starts_with("v2."), "an old comparison stays a v2 link");
        // Every pair of different protocols.
        for p in Protocol::ALL {
            for c in Protocol::ALL.into_iter().filter(|&c| c != p) {
                let s = Shared {
                    protocol: p,
                    compare: Some(c),
                    ..sample()
                };
                assert_eq!(decode(&encode(&s)), Ok(s));
            }
        }
    }

    #[test]
    fn a_v2_link_without_a_compared_protocol_decodes() {
        let f = link(
            "v2",
            "protocol=kip-279\nstep=2\nlang=de\n\ntitle T\nbrokers A B\nproduce m1\nfetch B\n",
        );
        assert_eq!(decode(&f), Ok(old_sample()));
        // ...and is written back as the v1 link it can be.
        assert!(encode(&old_sample()).starts_with("v1."));
        // The header's lines may come in any order.
        let f = link("v2", "lang=de\ncompare=hw\nstep=2\nprotocol=kip-279\n\nbrokers A");
        let s = decode(&f).expect("decodes");
        assert_eq!((s.protocol, s.compare), (Protocol::Kip279, Some(Protocol::Hw)));
    }

    #[test]
    fn comparing_a_protocol_with_itself_is_left_out_of_the_link() {
        let s = Shared {
            compare: Some(Protocol::Kip279),
            ..sample()
        };
        let f = encode(&s);
        assert!(f.starts_with("v3."));
        assert_eq!(decode(&f), Ok(sample()));
        let f = encode(&Shared {
            made_before_1_4: true,
            ..s
        });
        assert!(f.starts_with("v1."));
        assert_eq!(decode(&f), Ok(old_sample()));
    }

    #[test]
    fn only_v3_links_are_read_with_the_release_defaults() {
        let payload = "protocol=hw\ncompare=kip-101\nstep=0\nlang=en\n\nbrokers A B";
        assert_eq!(decode(&link("v2", payload)).map(|s| s.made_before_1_4), Ok(true));
        assert_eq!(decode(&link("v3", payload)).map(|s| s.made_before_1_4), Ok(false));
        let one = "protocol=hw\nstep=0\nlang=en\n\nbrokers A B";
        assert_eq!(decode(&link("v1", one)).map(|s| s.made_before_1_4), Ok(true));
    }

    /// Links made before v2 existed, by the v1 encoder: they must keep opening.
    #[test]
    fn v1_links_made_by_the_v1_encoder_still_decode() {
        // `replab link --protocol kip-279 --step 2 --lang <the lab's second
        // language>` of sample()'s text, printed by the v1 build.
        let f = "v1.AUgAt_9wcm90b2NvbD1raXAtMjc5CnN0ZXA9MgpsYW5nPXpoCgp0aXRsZSBUCmJyb2tlcnMgQSBCCnByb2R1Y2UgbTEKZmV0Y2ggQgo";
        let old = decode(f).expect("decodes");
        assert!(is_lang_code(&old.lang) && old.lang != "en", "{old:?}");
        assert_eq!(
            Shared {
                lang: sample().lang,
                ..old
            },
            old_sample()
        );
        // The example post's embeds, published with v1 links.
        let post = include_str!("../../../web/example-post.html");
        let links: Vec<&str> = post
            .split("#v1.")
            .skip(1)
            .map(|rest| rest.split('"').next().unwrap_or_default())
            .collect();
        assert!(links.len() >= 5, "the example post embeds v1 links");
        for data in links {
            let s = decode(&format!("v1.{data}")).unwrap_or_else(|e| panic!("{e:?}: v1.{data}"));
            assert_eq!(s.compare, None);
            assert!(s.text.contains("brokers"));
        }
    }

    #[test]
    fn malformed_links_say_what_is_wrong() {
        let f = encode(&sample());
        assert_eq!(decode("hello"), Err(LinkError::NotALink));
        assert_eq!(decode("vx.abc"), Err(LinkError::NotALink));
        for v in ["v0", "v4", "v9"] {
            assert_eq!(
                decode(&f.replacen("v3", v, 1)),
                Err(LinkError::UnknownVersion { version: v.into() })
            );
        }
        assert_eq!(decode("v1.***"), Err(LinkError::BadEncoding));
        assert_eq!(decode("v2.***"), Err(LinkError::BadEncoding));
        assert_eq!(decode("v3.***"), Err(LinkError::BadEncoding));
        assert_eq!(decode(&f[..f.len() / 2]), Err(LinkError::Corrupted));
        for cut in 4..f.len() {
            assert_eq!(
                decode(&f[..cut]),
                Err(LinkError::Corrupted),
                "cut at {cut}: {}",
                &f[..cut]
            );
        }
        let f = encode(&Shared {
            compare: Some(Protocol::Hw),
            ..sample()
        });
        for cut in 4..f.len() {
            assert_eq!(decode(&f[..cut]), Err(LinkError::Corrupted), "cut at {cut}");
        }
    }

    #[test]
    fn header_fields_are_checked() {
        let v1 = |payload: &str| link("v1", payload);
        assert_eq!(
            decode(&v1("protocol=hw\nstep=1\n\nbrokers A")),
            Err(LinkError::MissingField { field: "lang" })
        );
        assert_eq!(
            decode(&v1("protocol=kip-9\nstep=1\nlang=en\n\nbrokers A")),
            Err(LinkError::BadField {
                field: "protocol".into(),
                value: "kip-9".into()
            })
        );
        assert_eq!(
            decode(&v1("protocol=hw\nstep=-1\nlang=en\n\nbrokers A")),
            Err(LinkError::BadField {
                field: "step".into(),
                value: "-1".into()
            })
        );
        assert_eq!(
            decode(&v1("protocol=hw\nstep=1\nlang=en\ncolor=red\n\nbrokers A")),
            Err(LinkError::UnknownField { field: "color".into() })
        );
        assert_eq!(
            decode(&link("v2", "protocol=hw\nstep=1\nlang=en\ncolor=red\n\nbrokers A")),
            Err(LinkError::UnknownField { field: "color".into() })
        );
    }

    #[test]
    fn a_v1_link_cannot_carry_a_compared_protocol() {
        assert_eq!(
            decode(&link(
                "v1",
                "protocol=hw\ncompare=kip-101\nstep=1\nlang=en\n\nbrokers A"
            )),
            Err(LinkError::UnknownField {
                field: "compare".into()
            })
        );
    }

    #[test]
    fn bad_compared_protocols_are_refused_by_name() {
        let v2 = |compare: &str| {
            decode(&link(
                "v2",
                &format!("protocol=kip-279\n{compare}step=1\nlang=en\n\nbrokers A"),
            ))
        };
        let bad = |value: &str| {
            Err(LinkError::BadField {
                field: "compare".into(),
                value: value.into(),
            })
        };
        assert_eq!(v2("compare=kip-9\n"), bad("kip-9"));
        assert_eq!(v2("compare=\n"), bad(""));
        assert_eq!(v2("compare=KIP-101\n"), bad("KIP-101"));
        assert_eq!(v2("compare=kip-279\n"), bad("kip-279"), "the protocol itself");
        assert_eq!(
            v2("compare=hw\ncompare=kip-101\n"),
            Err(LinkError::UnknownField {
                field: "compare".into()
            }),
            "given twice"
        );
        assert_eq!(v2("compare=hw\n").map(|s| s.compare), Ok(Some(Protocol::Hw)));
    }
}

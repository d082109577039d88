//! Share links. Everything needed to reopen a view — the scenario text, the
//! protocol, the step and the language — goes into the URL fragment:
//!
//! `#v1.<base64url(raw deflate(payload))>`, where the payload is
//!
//! ```text
//! protocol=kip-279
//! step=12
//! lang=zh
//!
//! <scenario text>
//! ```
//!
//! Decoding checks everything and says what is wrong; it never panics and never
//! drops a part silently.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use replab_core::Protocol;

/// The format this build writes; links of other versions are refused.
pub const VERSION: u32 = 1;

/// The language codes a link may carry.
pub const LANGS: [&str; 2] = ["en", "zh"];

/// The largest payload a link may inflate to (a scenario is a few KiB).
pub const MAX_PAYLOAD: usize = 1 << 20;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shared {
    pub text: String,
    pub protocol: Protocol,
    pub step: usize,
    /// One of `LANGS`.
    pub lang: String,
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

fn payload(s: &Shared) -> String {
    format!(
        "protocol={}\nstep={}\nlang={}\n\n{}",
        s.protocol.name(),
        s.step,
        s.lang,
        s.text
    )
}

/// The fragment (without `#`) for `s`.
pub fn encode(s: &Shared) -> String {
    let compressed = miniz_oxide::deflate::compress_to_vec(payload(s).as_bytes(), 9);
    format!("v{VERSION}.{}", URL_SAFE_NO_PAD.encode(compressed))
}

/// Reads a fragment (with or without the leading `#`).
pub fn decode(fragment: &str) -> Result<Shared, LinkError> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let (version, data) = fragment.split_once('.').ok_or(LinkError::NotALink)?;
    let digits = version.strip_prefix('v').ok_or(LinkError::NotALink)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(LinkError::NotALink);
    }
    if digits.parse::<u32>().ok() != Some(VERSION) {
        return Err(LinkError::UnknownVersion {
            version: version.to_string(),
        });
    }
    // A character outside base64url is damage; a bad length or a misplaced
    // character is what a link cut short looks like.
    let compressed = URL_SAFE_NO_PAD
        .decode(data.trim_end_matches('='))
        .map_err(|e| match e {
            base64::DecodeError::InvalidByte(_, b) if !(b.is_ascii_alphanumeric() || b == b'-' || b == b'_') => {
                LinkError::BadEncoding
            }
            _ => LinkError::Corrupted,
        })?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&compressed, MAX_PAYLOAD).map_err(|e| {
        if e.status == miniz_oxide::inflate::TINFLStatus::HasMoreOutput {
            LinkError::TooLarge
        } else {
            LinkError::Corrupted
        }
    })?;
    let text = String::from_utf8(bytes).map_err(|_| LinkError::Corrupted)?;
    parse_payload(&text)
}

fn parse_payload(text: &str) -> Result<Shared, LinkError> {
    let (header, body) = text
        .split_once("\n\n")
        .ok_or(LinkError::MissingField { field: "protocol" })?;
    let (mut protocol, mut step, mut lang) = (None, None, None);
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
            "step" if step.is_none() => {
                if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(bad());
                }
                step = Some(v.parse::<usize>().map_err(|_| bad())?);
            }
            "lang" if lang.is_none() => {
                if !LANGS.contains(&v) {
                    return Err(bad());
                }
                lang = Some(v.to_string());
            }
            _ => return Err(LinkError::UnknownField { field: k.to_string() }),
        }
    }
    Ok(Shared {
        text: body.to_string(),
        protocol: protocol.ok_or(LinkError::MissingField { field: "protocol" })?,
        step: step.ok_or(LinkError::MissingField { field: "step" })?,
        lang: lang.ok_or(LinkError::MissingField { field: "lang" })?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Shared {
        Shared {
            text: "title T\nbrokers A B\nproduce m1\nfetch B\n".into(),
            protocol: Protocol::Kip279,
            step: 2,
            lang: "zh".into(),
        }
    }

    #[test]
    fn round_trip() {
        let s = sample();
        let f = encode(&s);
        assert!(f.starts_with("v1."));
        assert!(f
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.'));
        assert_eq!(decode(&f), Ok(s.clone()));
        assert_eq!(decode(&format!("#{f}")), Ok(s));
    }

    #[test]
    fn malformed_links_say_what_is_wrong() {
        let f = encode(&sample());
        assert_eq!(decode("hello"), Err(LinkError::NotALink));
        assert_eq!(decode("vx.abc"), Err(LinkError::NotALink));
        assert_eq!(
            decode(&f.replacen("v1.", "v9.", 1)),
            Err(LinkError::UnknownVersion { version: "v9".into() })
        );
        assert_eq!(decode("v1.***"), Err(LinkError::BadEncoding));
        assert_eq!(decode(&f[..f.len() / 2]), Err(LinkError::Corrupted));
        for cut in 4..f.len() {
            assert_eq!(
                decode(&f[..cut]),
                Err(LinkError::Corrupted),
                "cut at {cut}: {}",
                &f[..cut]
            );
        }
    }

    #[test]
    fn header_fields_are_checked() {
        let enc = |payload: &str| {
            format!(
                "v1.{}",
                URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(payload.as_bytes(), 9))
            )
        };
        assert_eq!(
            decode(&enc("protocol=hw\nstep=1\n\nbrokers A")),
            Err(LinkError::MissingField { field: "lang" })
        );
        assert_eq!(
            decode(&enc("protocol=kip-9\nstep=1\nlang=en\n\nbrokers A")),
            Err(LinkError::BadField {
                field: "protocol".into(),
                value: "kip-9".into()
            })
        );
        assert_eq!(
            decode(&enc("protocol=hw\nstep=-1\nlang=en\n\nbrokers A")),
            Err(LinkError::BadField {
                field: "step".into(),
                value: "-1".into()
            })
        );
        assert_eq!(
            decode(&enc("protocol=hw\nstep=1\nlang=en\ncolor=red\n\nbrokers A")),
            Err(LinkError::UnknownField { field: "color".into() })
        );
    }
}

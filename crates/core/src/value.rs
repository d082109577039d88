//! A message payload: its text, interned, so that a value is a plain pointer.
//!
//! Records, events, acks and the checker's states copy values all the time.
//! Interned, a copy writes no atomic reference count and two values are equal
//! exactly when they point at the same text (the checker on one thread ran
//! about a tenth faster for it).
//!
//! The table only grows: a text lives as long as the program. What a program
//! writes is bounded by what its reader loads and types (a long history's
//! values are a few bytes each), and the same text is kept once however many
//! histories hold it.

use serde::{Serialize, Serializer};
use std::borrow::Borrow;
use std::collections::BTreeSet;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::{Mutex, PoisonError};

/// A message payload (`m1`, `m2`, … or what the reader typed).
#[derive(Clone, Copy)]
pub struct Value(&'static str);

/// Every text made a value so far. A B-tree rather than a hash set: no
/// random hash keys in the core.
static TEXTS: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());

impl Value {
    /// The value with this text: the one already made, or a new one.
    pub fn new(text: &str) -> Value {
        // A panic elsewhere while the table was held leaves it whole: each
        // insert is one call.
        let mut texts = TEXTS.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&kept) = texts.get(text) {
            return Value(kept);
        }
        let kept: &'static str = Box::leak(Box::from(text));
        texts.insert(kept);
        Value(kept)
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Value {
        Value::new(text)
    }
}

impl From<String> for Value {
    fn from(text: String) -> Value {
        Value::new(&text)
    }
}

impl Deref for Value {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

/// Hashed, compared and ordered as its text is (lists of values join).
impl Borrow<str> for Value {
    fn borrow(&self) -> &str {
        self.0
    }
}

/// Interned: the same text is the same pointer.
impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Value {}

/// By text, as equality is, and the same in every run.
impl Hash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> std::cmp::Ordering {
        self.0.cmp(other.0)
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0, f)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_text_is_the_same_value_and_other_texts_differ() {
        let a = Value::from("m1");
        let b = Value::from(String::from("m1"));
        assert_eq!(a, b);
        assert!(std::ptr::eq(&*a, &*b), "interned once");
        assert_ne!(a, Value::from("m2"));
        assert_ne!(Value::from(""), Value::from("m"));
        assert_eq!(&*a, "m1");
        assert_eq!(format!("{a} {a:?}"), "m1 \"m1\"");
    }

    #[test]
    fn values_order_and_hash_by_text() {
        use std::collections::hash_map::DefaultHasher;
        let hash = |v: Value| {
            let mut h = DefaultHasher::new();
            v.hash(&mut h);
            h.finish()
        };
        let text = |t: &str| {
            let mut h = DefaultHasher::new();
            t.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(Value::from("x")), text("x"));
        assert!(Value::from("m10") < Value::from("m9"));
    }

    #[test]
    fn values_made_on_several_threads_are_one() {
        let made: Vec<Value> = (0..4)
            .map(|_| std::thread::spawn(|| Value::from("on a thread")))
            .filter_map(|t| t.join().ok())
            .collect();
        assert_eq!(made.len(), 4);
        assert!(made.iter().all(|&v| v == Value::from("on a thread")));
    }
}

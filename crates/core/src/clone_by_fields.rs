//! `Clone` by hand for the state's structs, so that `clone_from` goes field by
//! field and keeps the target's allocations all the way down (the checker
//! applies each step to one scratch cluster made again from the state it
//! expands; a derived `clone_from` clones whole and drops the old value).

/// `impl Clone` for a struct from the list of its fields: `clone` clones each,
/// `clone_from` calls each one's `clone_from`. Every field must be listed: the
/// struct is built and destructured whole, so a new field does not compile
/// until it is added here.
macro_rules! clone_by_fields {
    ($ty:ident { $($field:ident),+ $(,)? }) => {
        impl Clone for $ty {
            fn clone(&self) -> Self {
                $ty {
                    $($field: self.$field.clone()),+
                }
            }

            fn clone_from(&mut self, source: &Self) {
                let $ty { $($field),+ } = source;
                $(self.$field.clone_from($field);)+
            }
        }
    };
}

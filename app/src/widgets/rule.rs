//! What a form's field must hold, as data: each test with the message a person reads when it fails. Data rather
//! than a function, so a document can state it (`required=#true email=#true min-chars=8`) and a test can read it.

/// A field's rule: the tests it runs, in order, and what each says when it fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rule {
    /// Blank (spaces only) is refused with this message.
    pub required: Option<&'static str>,
    /// Empty is accepted whatever the tests below say ("at least 6 digits, or none").
    pub optional: bool,
    /// Text that is not an address like name@example.org is refused with this message.
    pub email: Option<&'static str>,
    /// Fewer characters than this are refused with the message.
    pub min_chars: Option<(usize, &'static str)>,
}

/// The message of [`Rule::required`] when a document gives none.
pub const REQUIRED: &str = "Required";
/// The message of [`Rule::email`] when a document gives none.
pub const EMAIL: &str = "An address like name@example.org";

impl Rule {
    /// What is wrong with `text`, if anything.
    pub fn message(&self, text: &str) -> Option<&'static str> {
        if text.trim().is_empty()
            && let Some(m) = self.required
        {
            return Some(m);
        }
        if self.optional && text.is_empty() {
            return None;
        }
        if let Some(m) = self.email
            && !is_address(text)
        {
            return Some(m);
        }
        match self.min_chars {
            Some((n, m)) if text.chars().count() < n => Some(m),
            _ => None,
        }
    }
}

/// Whether `text` reads as an address: something, one `@`, and a domain with an inner dot, no space anywhere and
/// no empty label in the domain (HTML's `type=email` is as strict).
fn is_address(text: &str) -> bool {
    let text = text.trim();
    text.split_once('@').is_some_and(|(user, domain)| {
        !user.is_empty()
            && !text.chars().any(char::is_whitespace)
            && !domain.contains('@')
            && domain.contains('.')
            && domain.split('.').all(|label| !label.is_empty())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_test_says_what_is_wrong_in_order() {
        let required = Rule { required: Some(REQUIRED), ..Rule::default() };
        assert_eq!(required.message("  "), Some("Required"));
        assert_eq!(required.message("Ada"), None);
        let email = Rule { email: Some(EMAIL), ..required };
        assert_eq!(email.message(""), Some("Required"), "blank says required before it says address");
        assert_eq!(email.message("ada@example.org"), None);
        assert!(email.message("ada@example").is_some());
        assert!(email.message("ada").is_some());
        assert!(email.message("john smith@mail@example.org").is_some(), "a space, and two @");
        assert!(email.message("ada@mail@example.org").is_some());
        assert!(email.message("ada@example..org").is_some());
        let password = Rule { min_chars: Some((8, "At least 8 characters")), ..Rule::default() };
        assert_eq!(password.message(""), Some("At least 8 characters"), "not optional: empty is too short");
        assert_eq!(password.message("12345678"), None);
        let phone = Rule { optional: true, min_chars: Some((6, "At least 6 digits, or none")), ..Rule::default() };
        assert!(phone.message("123").is_some());
        assert_eq!(phone.message(""), None);
    }
}

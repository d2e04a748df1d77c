//! One line of a node file split into its fields, each with its 1-based column.

/// Where a comment starts on a line: `#`, `%` or `//` (byte offset), if anywhere.
pub(super) fn comment_start(line: &str) -> Option<usize> {
    let hash = line.find(['#', '%']);
    let slashes = line.find("//");
    match (hash, slashes) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// A field of a line and its 1-based column (in characters).
pub(super) type Field<'a> = (&'a str, usize);

/// The fields of `body` (a line without its comment), separated by whitespace or by one comma
/// with optional whitespace around it; a trailing comma is allowed. An empty field (a comma at
/// the start of the line, or two commas in a row) is an error at the column of the second
/// comma (or of the first, at the start of the line).
pub(super) fn split(body: &str) -> Result<Vec<Field<'_>>, usize> {
    let mut out = Vec::new();
    // Whether a comma was seen since the last field (or the start of the line).
    let mut comma = false;
    let mut start: Option<usize> = None;
    let col = |byte: usize| body[..byte].chars().count() + 1;
    for (i, c) in body.char_indices() {
        let separator = c.is_whitespace() || c == ',';
        if separator {
            if let Some(s) = start.take() {
                out.push((&body[s..i], col(s)));
                comma = false;
            }
            if c == ',' {
                if comma || out.is_empty() {
                    return Err(col(i));
                }
                comma = true;
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((&body[s..], col(s)));
    }
    Ok(out)
}

/// Whether `field` reads as a column name (starts with a letter, `_` or a quote) rather than a
/// number (`inf` and `nan` are numbers, rejected later as not finite).
pub(super) fn is_name(field: &str) -> bool {
    field
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '"' || c == '\'')
        && field.parse::<f64>().is_err()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_start_at_the_first_marker() {
        assert_eq!(comment_start("1 2 3 # x % y"), Some(6));
        assert_eq!(comment_start("1 2 3 // x # y"), Some(6));
        assert_eq!(comment_start("% all"), Some(0));
        assert_eq!(comment_start("1/2 3"), None);
    }

    #[test]
    fn fields_carry_their_columns() {
        assert_eq!(
            split("  1.5, -2e-3 ,3").unwrap(),
            vec![("1.5", 3), ("-2e-3", 8), ("3", 15)]
        );
        assert_eq!(
            split("1\t2  3").unwrap(),
            vec![("1", 1), ("2", 3), ("3", 6)]
        );
        assert_eq!(split("1,2,3,").unwrap().len(), 3);
        assert_eq!(split("é 2").unwrap(), vec![("é", 1), ("2", 3)]);
        assert_eq!(split("").unwrap(), vec![]);
    }

    #[test]
    fn empty_fields_are_refused_at_the_comma() {
        assert_eq!(split("1,,3"), Err(3));
        assert_eq!(split("1, ,3"), Err(4));
        assert_eq!(split(", 1"), Err(1));
    }

    #[test]
    fn names_are_not_numbers() {
        assert!(is_name("x") && is_name("\"y\"") && is_name("_z"));
        assert!(!is_name("1") && !is_name("inf") && !is_name("NaN") && !is_name("-x"));
    }
}

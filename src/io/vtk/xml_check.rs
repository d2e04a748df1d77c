//! Test helpers shared with the other writers' tests: a minimal XML checker.

/// Checks that tags nest and close properly; returns the element names in document order.
pub fn well_formed(xml: &str) -> Result<Vec<String>, String> {
    let mut stack: Vec<String> = Vec::new();
    let mut seen = Vec::new();
    let mut rest = xml;
    let mut roots = 0;
    while let Some(start) = rest.find('<') {
        if !stack.is_empty() || rest[..start].trim().is_empty() {
            // text outside the root must be whitespace
        } else {
            return Err(format!("text outside root: {:?}", &rest[..start]));
        }
        rest = &rest[start..];
        if let Some(r) = rest.strip_prefix("<!--") {
            let end = r.find("-->").ok_or("unterminated comment")?;
            if r[..end].contains("--") {
                return Err("`--` inside comment".into());
            }
            rest = &r[end + 3..];
            continue;
        }
        let end = rest.find('>').ok_or("unterminated tag")?;
        let tag = &rest[1..end];
        rest = &rest[end + 1..];
        if tag.starts_with('?') {
            if !tag.ends_with('?') {
                return Err(format!("bad declaration <{tag}>"));
            }
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack.pop().ok_or(format!("stray </{name}>"))?;
            if open != name.trim() {
                return Err(format!("<{open}> closed by </{name}>"));
            }
            continue;
        }
        if !tag.matches('"').count().is_multiple_of(2) {
            return Err(format!("unbalanced quotes in <{tag}>"));
        }
        let name = tag
            .split_whitespace()
            .next()
            .ok_or("empty tag")?
            .trim_end_matches('/')
            .to_string();
        if stack.is_empty() {
            roots += 1;
        }
        seen.push(name.clone());
        if !tag.ends_with('/') {
            stack.push(name);
        }
    }
    if !stack.is_empty() {
        return Err(format!("unclosed: {stack:?}"));
    }
    if !rest.trim().is_empty() {
        return Err("trailing text".into());
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(seen)
}

/// Value of attribute `attr` on the first `<elem ...>` tag.
pub fn attr(xml: &str, elem: &str, attr: &str) -> Option<String> {
    let start = xml.find(&format!("<{elem} "))?;
    let tag = &xml[start..start + xml[start..].find('>')?];
    let key = format!(" {attr}=\"");
    let a = tag.find(&key)? + key.len();
    let len = tag[a..].find('"')?;
    Some(tag[a..a + len].to_string())
}

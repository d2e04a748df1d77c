//! A line diff of two texts, for messages that say how an input file changed.

/// The lines of `old` and `new` that differ, as `-old` / `+new` lines with a line of context
/// around each change (`@@ line N` before each hunk), at most `max_lines` lines (then `…`).
/// Empty when the texts are equal. Uses the longest common subsequence of lines (quadratic:
/// for texts of more than 4000 lines, only the first differing line is shown).
pub fn line_diff(old: &str, new: &str, max_lines: usize) -> String {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    if a == b {
        return String::new();
    }
    let ops = if a.len() * b.len() <= 16_000_000 {
        lcs_ops(&a, &b)
    } else {
        first_difference(&a, &b)
    };
    render(&ops, max_lines)
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Op<'a> {
    Same(usize, &'a str),
    Del(usize, &'a str),
    Add(usize, &'a str),
}

fn lcs_ops<'a>(a: &[&'a str], b: &[&'a str]) -> Vec<Op<'a>> {
    let (n, m) = (a.len(), b.len());
    // len[i][j]: LCS length of a[i..], b[j..].
    let mut len = vec![0u32; (n + 1) * (m + 1)];
    let at = |i: usize, j: usize| i * (m + 1) + j;
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            len[at(i, j)] = if a[i] == b[j] {
                len[at(i + 1, j + 1)] + 1
            } else {
                len[at(i + 1, j)].max(len[at(i, j + 1)])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut ops = Vec::new();
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            ops.push(Op::Same(i, a[i]));
            i += 1;
            j += 1;
        } else if i < n && (j == m || len[at(i + 1, j)] >= len[at(i, j + 1)]) {
            ops.push(Op::Del(i, a[i]));
            i += 1;
        } else {
            ops.push(Op::Add(j, b[j]));
            j += 1;
        }
    }
    ops
}

fn first_difference<'a>(a: &[&'a str], b: &[&'a str]) -> Vec<Op<'a>> {
    let k = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let mut ops: Vec<Op> = a[..k]
        .iter()
        .enumerate()
        .map(|(i, l)| Op::Same(i, l))
        .collect();
    if let Some(l) = a.get(k) {
        ops.push(Op::Del(k, l));
    }
    if let Some(l) = b.get(k) {
        ops.push(Op::Add(k, l));
    }
    ops
}

fn render(ops: &[Op], max_lines: usize) -> String {
    let changed = |o: &Op| !matches!(o, Op::Same(..));
    let keep: Vec<bool> = (0..ops.len())
        .map(|k| {
            ops[k.saturating_sub(1)..(k + 2).min(ops.len())]
                .iter()
                .any(changed)
        })
        .collect();
    let mut out = Vec::new();
    let mut last_kept = None;
    for (k, op) in ops.iter().enumerate() {
        if !keep[k] {
            continue;
        }
        if last_kept != Some(k.wrapping_sub(1)) {
            let line = match op {
                Op::Same(i, _) | Op::Del(i, _) => i + 1,
                Op::Add(j, _) => j + 1,
            };
            out.push(format!("@@ line {line}"));
        }
        last_kept = Some(k);
        out.push(match op {
            Op::Same(_, l) => format!(" {l}"),
            Op::Del(_, l) => format!("-{l}"),
            Op::Add(_, l) => format!("+{l}"),
        });
    }
    if out.len() > max_lines {
        out.truncate(max_lines);
        out.push("…".into());
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_the_changed_line_with_context() {
        let old = "a\nb\nN_IMC(delta: 1e-5)\nc\nd\ne\n";
        let new = "a\nb\nN_IMC(delta: 2e-5)\nc\nd\ne\n";
        let d = line_diff(old, new, 20);
        assert_eq!(
            d,
            "@@ line 2\n b\n-N_IMC(delta: 1e-5)\n+N_IMC(delta: 2e-5)\n c"
        );
        assert_eq!(line_diff(old, old, 20), "");
        let d = line_diff("x\n", "x\ny\n", 20);
        assert!(d.contains("+y"), "{d}");
    }
}

//! A picture of one output frame without ParaView: rods drawn as shaded tubes (and spheres as
//! discs) in a fixed orthographic 3D view, far things first (painter's algorithm), to SVG or PNG
//! through `plotters`.
//!
//! **View.** The camera looks at the scene from the direction
//! `c = (cos φ cos θ, cos φ sin θ, sin φ)` (azimuth `θ` about `+z` from `+x`, elevation `φ`),
//! with `+z` up on the picture: a point `p` lands at `(p·r, p·u)` with `r = (−c) × ẑ / |·|`,
//! `u = r × (−c)`, and its depth towards the camera is `p·c`. The picture is scaled to fit.
//!
//! **Tubes.** Every rod edge is a capsule of the rod's radius (true thickness on the picture),
//! drawn with a dark outline, a body colour shaded by the angle between the edge and the light
//! (a cylinder lit from `ℓ` is brightest where its normal is the part of `ℓ` perpendicular to
//! the axis: `√(1 − (t·ℓ)²)`), fog with distance, and a light stripe along its axis.
//! Edges and spheres of all bodies are sorted by depth together, so crossing rods occlude
//! each other correctly except where one edge is both in front of and behind another.

use super::{FrameData, OutputError};
use crate::math::Vec3;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::{Path, PathBuf};

/// How to draw a frame.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderOptions {
    /// Picture width (px).
    pub width: u32,
    /// Picture height (px).
    pub height: u32,
    /// Camera azimuth `θ` about `+z`, from `+x` (degrees).
    pub azimuth_deg: f64,
    /// Camera elevation `φ` above the x–y plane (degrees, in (−90, 90)).
    pub elevation_deg: f64,
    /// Caption at the top left (SVG only: the PNG backend is built without fonts).
    pub caption: Option<String>,
}

impl Default for RenderOptions {
    fn default() -> Self {
        Self {
            width: 900,
            height: 900,
            azimuth_deg: -60.0,
            elevation_deg: 20.0,
            caption: None,
        }
    }
}

/// The `.vtp` file of frame `k` in an output directory `dir` (`DIR/frames/frame_K.vtp`), with
/// `k` counted from the end when negative (−1 is the last frame) and the last frame when `None`.
/// Returns the path and the frame number.
pub fn frame_file(dir: &Path, k: Option<i64>) -> Result<(PathBuf, usize), OutputError> {
    let frames = dir.join(super::FRAMES_DIR);
    let entries = std::fs::read_dir(&frames).map_err(|e| OutputError::read(&frames, e))?;
    let mut numbers: Vec<usize> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            name.strip_prefix("frame_")?
                .strip_suffix(".vtp")?
                .parse()
                .ok()
        })
        .collect();
    numbers.sort_unstable();
    let Some(&last) = numbers.last() else {
        return Err(OutputError::invalid_data(
            &frames,
            "no frame_*.vtp files: was the run started with --out?".into(),
        ));
    };
    let n = match k {
        None => last,
        Some(k) if k < 0 => {
            let back = k.unsigned_abs() as usize;
            if back > numbers.len() {
                return Err(OutputError::invalid_data(
                    &frames,
                    format!("frame {k}: there are only {} frames", numbers.len()),
                ));
            }
            numbers[numbers.len() - back]
        }
        Some(k) => {
            let k = k as usize;
            if numbers.binary_search(&k).is_err() {
                return Err(OutputError::invalid_data(
                    &frames,
                    format!(
                        "there is no frame {k}; frames are numbered {}..={last}",
                        numbers[0]
                    ),
                ));
            }
            k
        }
    };
    Ok((frames.join(format!("frame_{n:06}.vtp")), n))
}

/// Draws `frame` into `out`, as SVG or PNG by its extension (creating missing directories).
pub fn render_frame(
    frame: &FrameData,
    out: &Path,
    opts: &RenderOptions,
) -> Result<(), OutputError> {
    if opts.width < 16 || opts.height < 16 || opts.width > 20_000 || opts.height > 20_000 {
        return Err(OutputError::invalid_data(
            out,
            format!(
                "picture size {}×{} px is outside 16..=20000",
                opts.width, opts.height
            ),
        ));
    }
    if !(opts.elevation_deg.abs() < 90.0 && opts.azimuth_deg.is_finite()) {
        return Err(OutputError::invalid_data(
            out,
            format!(
                "camera elevation {}° must be strictly between −90° and 90°",
                opts.elevation_deg
            ),
        ));
    }
    let ext = out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| OutputError::io(dir, e))?;
    }
    let size = (opts.width, opts.height);
    let items = project(frame, opts);
    let drawing_error = |e: String| OutputError::io(out, std::io::Error::other(e));
    match ext.as_deref() {
        Some("svg") => {
            let mut text = String::new();
            {
                let root = SVGBackend::with_string(&mut text, size).into_drawing_area();
                draw(&root, &items, opts.caption.as_deref())
                    .map_err(|e| drawing_error(e.to_string()))?;
                root.present().map_err(|e| drawing_error(e.to_string()))?;
            }
            super::write_atomic(out, text.as_bytes())
        }
        Some("png") => {
            let root = BitMapBackend::new(out, size).into_drawing_area();
            draw(&root, &items, None).map_err(|e| drawing_error(e.to_string()))?;
            root.present().map_err(|e| drawing_error(e.to_string()))
        }
        _ => Err(OutputError::invalid_data(
            out,
            "the picture must end in .svg or .png".into(),
        )),
    }
}

/// Something to draw, in picture coordinates (px, y down).
#[derive(Debug, Clone, Copy)]
enum Item {
    /// A tube segment from `a` to `b` of half-width `w` (px), lit by `light` ∈ [0, 1]; `ends`
    /// tells which of its ends are ends of the rod (outlined caps).
    Segment {
        a: (f64, f64),
        b: (f64, f64),
        w: f64,
        light: f64,
        ends: (bool, bool),
    },
    /// A disc of radius `w` (px) at `c`.
    Disc { c: (f64, f64), w: f64 },
    /// A flat shell triangle lit by `light` ∈ [0, 1] (|n̂·light|, two-sided).
    Triangle { p: [(f64, f64); 3], light: f64 },
}

/// Drawable items in back-to-front order, each with its body and fog factor.
struct Projected {
    items: Vec<(Item, usize, f64)>,
}

fn project(frame: &FrameData, opts: &RenderOptions) -> Projected {
    let (th, ph) = (
        opts.azimuth_deg.to_radians(),
        opts.elevation_deg.to_radians(),
    );
    let c = Vec3::new(ph.cos() * th.cos(), ph.cos() * th.sin(), ph.sin());
    let right = (-c).cross(&Vec3::z()).normalize();
    let up = right.cross(&(-c));
    let light = (c + up * 0.8 - right * 0.5).normalize();
    let screen = |p: &Vec3| (p.dot(&right), p.dot(&up));

    // Bounds of everything, inflated by radii.
    let (mut lo, mut hi) = (
        (f64::INFINITY, f64::INFINITY),
        (f64::NEG_INFINITY, f64::NEG_INFINITY),
    );
    let (mut dmin, mut dmax) = (f64::INFINITY, f64::NEG_INFINITY);
    let mut grow = |p: &Vec3, r: f64| {
        let (x, y) = screen(p);
        lo = (lo.0.min(x - r), lo.1.min(y - r));
        hi = (hi.0.max(x + r), hi.1.max(y + r));
        let d = p.dot(&c);
        dmin = dmin.min(d);
        dmax = dmax.max(d);
    };
    for rod in &frame.rods {
        for p in &rod.points {
            grow(p, rod.radius);
        }
    }
    for s in &frame.spheres {
        grow(&s.center, s.radius);
    }
    for sh in &frame.shells {
        for p in &sh.points {
            grow(p, sh.radius);
        }
    }
    let margin = 0.05 * f64::from(opts.width.min(opts.height));
    let caption = if opts.caption.is_some() { 30.0 } else { 0.0 };
    let (span_x, span_y) = ((hi.0 - lo.0).max(1e-12), (hi.1 - lo.1).max(1e-12));
    let scale = ((f64::from(opts.width) - 2.0 * margin) / span_x)
        .min((f64::from(opts.height) - 2.0 * margin - caption) / span_y);
    let (cx, cy) = ((lo.0 + hi.0) / 2.0, (lo.1 + hi.1) / 2.0);
    let (ox, oy) = (
        f64::from(opts.width) / 2.0,
        (f64::from(opts.height) + caption) / 2.0,
    );
    let px = |p: &Vec3| {
        let (x, y) = screen(p);
        (ox + scale * (x - cx), oy - scale * (y - cy))
    };
    let fog = |d: f64| {
        if dmax > dmin {
            0.45 * (dmax - d) / (dmax - dmin)
        } else {
            0.0
        }
    };

    let mut keyed: Vec<(f64, usize, (Item, usize, f64))> = Vec::new();
    for rod in &frame.rods {
        let w = (scale * rod.radius).max(0.75);
        let last = rod.points.len().saturating_sub(2);
        for (i, pair) in rod.points.windows(2).enumerate() {
            let t = pair[1] - pair[0];
            let lit = match t.try_normalize(1e-300) {
                Some(t) => (1.0 - t.dot(&light).powi(2)).max(0.0).sqrt(),
                None => 1.0,
            };
            let d = 0.5 * (pair[0] + pair[1]).dot(&c);
            let item = Item::Segment {
                a: px(&pair[0]),
                b: px(&pair[1]),
                w,
                light: lit,
                ends: (i == 0, i == last),
            };
            keyed.push((d, keyed.len(), (item, rod.body, fog(d))));
        }
        if rod.points.len() == 1 {
            let d = rod.points[0].dot(&c);
            let item = Item::Disc {
                c: px(&rod.points[0]),
                w,
            };
            keyed.push((d, keyed.len(), (item, rod.body, fog(d))));
        }
    }
    for s in &frame.spheres {
        let d = s.center.dot(&c);
        let item = Item::Disc {
            c: px(&s.center),
            w: (scale * s.radius).max(0.75),
        };
        keyed.push((d, keyed.len(), (item, s.body, fog(d))));
    }
    for sh in &frame.shells {
        for t in &sh.triangles {
            let [a, b, cc] = t.map(|k| sh.points[k]);
            let lit = match (b - a).cross(&(cc - a)).try_normalize(1e-300) {
                Some(n) => 0.35 + 0.65 * n.dot(&light).abs(),
                None => 1.0,
            };
            let d = (a + b + cc).dot(&c) / 3.0;
            let item = Item::Triangle {
                p: [px(&a), px(&b), px(&cc)],
                light: lit,
            };
            keyed.push((d, keyed.len(), (item, sh.body, fog(d))));
        }
    }
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    Projected {
        items: keyed.into_iter().map(|(_, _, it)| it).collect(),
    }
}

/// Tableau-10 body colours.
const PALETTE: [(u8, u8, u8); 10] = [
    (78, 121, 167),
    (242, 142, 43),
    (225, 87, 89),
    (118, 183, 178),
    (89, 161, 79),
    (237, 201, 72),
    (176, 122, 161),
    (255, 157, 167),
    (156, 117, 95),
    (186, 176, 172),
];

/// `base` scaled by `k` then mixed with white by `fog`.
fn shade(base: (u8, u8, u8), k: f64, fog: f64) -> RGBColor {
    let ch = |x: u8| {
        let v = (f64::from(x) * k).min(255.0);
        (v + (255.0 - v) * fog).round().clamp(0.0, 255.0) as u8
    };
    RGBColor(ch(base.0), ch(base.1), ch(base.2))
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    p: &Projected,
    caption: Option<&str>,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    root.fill(&WHITE)?;
    let pt = |q: (f64, f64)| (q.0.round() as i32, q.1.round() as i32);
    let stroke = |w: f64| (2.0 * w).round().max(1.0) as u32;
    for (item, body, fog) in &p.items {
        let base = PALETTE[body % PALETTE.len()];
        match *item {
            Item::Segment {
                a,
                b,
                w,
                light,
                ends,
            } => {
                let outline = shade(base, 0.35, *fog);
                let core = shade(base, 0.55 + 0.55 * light, *fog);
                let stripe = shade(base, 1.1 + 0.5 * light, *fog);
                // Outlined caps only at the rod's ends; at joints the core discs round the
                // bend without drawing a ring across the tube.
                for (color, width, caps) in [(outline, w + 1.0, ends), (core, w, (true, true))] {
                    let style = ShapeStyle {
                        color: color.to_rgba(),
                        filled: true,
                        stroke_width: stroke(width),
                    };
                    for (c, cap) in [(a, caps.0), (b, caps.1)] {
                        if cap {
                            root.draw(&Circle::new(pt(c), width.round() as i32, style))?;
                        }
                    }
                    root.draw(&PathElement::new(vec![pt(a), pt(b)], style))?;
                }
                if w >= 2.0 {
                    let r = 0.25 * w;
                    root.draw(&PathElement::new(
                        vec![pt(a), pt(b)],
                        stripe.stroke_width(stroke(r)),
                    ))?;
                    for c in [a, b] {
                        root.draw(&Circle::new(pt(c), r.round() as i32, stripe.filled()))?;
                    }
                }
            }
            Item::Disc { c, w } => {
                root.draw(&Circle::new(
                    pt(c),
                    (w + 1.0).round() as i32,
                    shade(base, 0.35, *fog).filled(),
                ))?;
                root.draw(&Circle::new(
                    pt(c),
                    w.round() as i32,
                    shade(base, 1.0, *fog).filled(),
                ))?;
                let h = (c.0 - 0.3 * w, c.1 - 0.3 * w);
                root.draw(&Circle::new(
                    pt(h),
                    (0.3 * w).round() as i32,
                    shade(base, 1.5, *fog).filled(),
                ))?;
            }
            Item::Triangle { p, light } => {
                let corners: Vec<(i32, i32)> = p.iter().map(|&q| pt(q)).collect();
                root.draw(&Polygon::new(
                    corners.clone(),
                    shade(base, 0.45 + 0.75 * light, *fog).filled(),
                ))?;
                let mut edges = corners;
                edges.push(edges[0]);
                root.draw(&PathElement::new(
                    edges,
                    shade(base, 0.4, *fog).stroke_width(1),
                ))?;
            }
        }
    }
    if let Some(text) = caption {
        root.draw_text(
            text,
            &("sans-serif", 18).into_font().color(&BLACK),
            (12, 10),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{FrameRod, FrameShell, FrameSphere};

    fn frame() -> FrameData {
        FrameData {
            time: 0.5,
            rods: vec![
                FrameRod {
                    body: 0,
                    points: (0..20)
                        .map(|i| {
                            let s = i as f64 * 0.3;
                            Vec3::new(s.cos() * 0.01, s.sin() * 0.01, -0.003 * i as f64)
                        })
                        .collect(),
                    radius: 1e-3,
                },
                FrameRod {
                    body: 1,
                    points: vec![Vec3::new(-0.02, 0.0, -0.03), Vec3::new(0.02, 0.0, -0.03)],
                    radius: 2e-3,
                },
            ],
            spheres: vec![FrameSphere {
                body: 2,
                center: Vec3::new(0.0, 0.02, -0.01),
                radius: 4e-3,
                velocity: Vec3::zeros(),
                angular_velocity: Vec3::zeros(),
            }],
            shells: vec![FrameShell {
                body: 3,
                points: vec![
                    Vec3::new(-0.02, -0.02, -0.06),
                    Vec3::new(0.02, -0.02, -0.06),
                    Vec3::new(0.0, 0.02, -0.06),
                ],
                triangles: vec![[0, 1, 2]],
                radius: 5e-4,
            }],
        }
    }

    #[test]
    fn items_come_back_to_front_and_fit_the_picture() {
        let opts = RenderOptions::default();
        let p = project(&frame(), &opts);
        assert_eq!(p.items.len(), 19 + 1 + 1 + 1);
        for (item, _, fog) in &p.items {
            assert!((0.0..=0.45).contains(fog));
            let pts: Vec<(f64, f64)> = match *item {
                Item::Segment { a, b, .. } => vec![a, b],
                Item::Disc { c, .. } => vec![c],
                Item::Triangle { p, .. } => p.to_vec(),
            };
            for (x, y) in pts {
                assert!((0.0..=900.0).contains(&x) && (0.0..=900.0).contains(&y));
            }
        }
        // Fog decreases towards the camera: the last item drawn is the nearest.
        assert!(p.items.last().unwrap().2 <= p.items[0].2);
    }

    #[test]
    fn writes_svg_and_png_and_refuses_other_formats() {
        let dir = tempfile::tempdir().unwrap();
        let opts = RenderOptions {
            width: 200,
            height: 160,
            caption: Some("t = 0.5 s".into()),
            ..RenderOptions::default()
        };
        let svg = dir.path().join("f.svg");
        render_frame(&frame(), &svg, &opts).unwrap();
        let text = std::fs::read_to_string(&svg).unwrap();
        assert!(text.starts_with("<svg") && text.contains("t = 0.5 s") && text.contains("<circle"));
        let png = dir.path().join("f.png");
        render_frame(&frame(), &png, &opts).unwrap();
        let bytes = std::fs::read(&png).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        let e = render_frame(&frame(), &dir.path().join("f.jpg"), &opts).unwrap_err();
        assert!(e.to_string().contains(".svg or .png"));
    }
}

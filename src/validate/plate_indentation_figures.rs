//! The figures of case `plate_indentation` ([`super::plate_indentation`]): force against
//! deflection with Kirchhoff's line, the compliance of each mesh per load step with its
//! extrapolation, and the indentation against Hertz.

use super::figure::{Curve, Figure, Style};
use super::plate_indentation::{LoadStep, Setup};

pub(super) fn force_deflection(setup: &Setup, meshes: &[Vec<LoadStep>; 2]) -> Figure {
    let w_max = meshes
        .iter()
        .flatten()
        .map(|s| s.deflection)
        .fold(0.0, f64::max);
    let mut figure = Figure::new(
        "force_deflection",
        "Ball pressed into a clamped plate (static load steps): contact force against the \
         plate's centre deflection",
        "centre deflection w (m)",
        "contact force P (N)",
    );
    for (steps, rings) in meshes.iter().zip([10, 20]) {
        let mut points = vec![(0.0, 0.0)];
        points.extend(steps.iter().map(|s| (s.deflection, s.force)));
        figure = figure.with(Curve::new(
            format!("catena, {rings} rings"),
            points,
            Style::Points,
        ));
    }
    let line = (0..=20)
        .map(|i| {
            let w = w_max * f64::from(i) / 20.0;
            (w, w / setup.compliance())
        })
        .collect();
    figure.with(Curve::new("Kirchhoff, P = 16πDw/a²", line, Style::Dashed))
}

pub(super) fn compliance_figure(setup: &Setup, meshes: &[Vec<LoadStep>; 2]) -> Figure {
    let c = setup.compliance();
    let mut figure = Figure::new(
        "compliance",
        "Plate compliance w/P over Kirchhoff's a²/(16πD) at each load step: 10 and 20 rings and \
         their first-order extrapolation",
        "contact force P (N), 20 rings",
        "(w/P) / (a²/16πD)",
    );
    let [coarse, fine] = meshes;
    for (steps, rings) in meshes.iter().zip([10, 20]) {
        // Against the 20-ring load, so the three curves share their abscissae.
        let points = steps
            .iter()
            .zip(fine)
            .map(|(s, f)| (f.force, s.compliance() / c))
            .collect();
        figure = figure.with(Curve::new(
            format!("catena, {rings} rings"),
            points,
            Style::Points,
        ));
    }
    let extrapolated = coarse
        .iter()
        .zip(fine)
        .map(|(s, f)| (f.force, (2.0 * f.compliance() - s.compliance()) / c))
        .collect();
    let p_max = fine.last().map_or(0.0, |s| s.force);
    figure
        .with(Curve::new(
            "2 C(20 rings) − C(10 rings)",
            extrapolated,
            Style::Line,
        ))
        .with(Curve::new(
            "Kirchhoff",
            vec![(0.0, 1.0), (p_max, 1.0)],
            Style::Dashed,
        ))
}

pub(super) fn indentation_figure(setup: &Setup, meshes: &[Vec<LoadStep>; 2]) -> Figure {
    let mut figure = Figure::new(
        "indentation",
        "Indentation of the ball into the plate against Hertz: one contact, and the load shared \
         by the six triangles around the centre node",
        "indentation δ (m)",
        "contact force P (N)",
    );
    for (steps, rings) in meshes.iter().zip([10, 20]) {
        let mut points = vec![(0.0, 0.0)];
        points.extend(steps.iter().map(|s| (s.indentation(), s.force)));
        figure = figure.with(Curve::new(
            format!("catena u − w, {rings} rings"),
            points,
            Style::Points,
        ));
    }
    let mut overlap = vec![(0.0, 0.0)];
    overlap.extend(meshes[0].iter().map(|s| (s.overlap, s.force)));
    figure = figure.with(Curve::new(
        "catena, overlap of each pair, 10 rings",
        overlap,
        Style::Line,
    ));
    let p_max = meshes.iter().flatten().map(|s| s.force).fold(0.0, f64::max);
    for (pairs, label) in [(1.0, "Hertz, one contact"), (6.0, "Hertz, six equal pairs")] {
        let curve = (0..=40)
            .map(|i| {
                let p = p_max * f64::from(i) / 40.0;
                (setup.hertz(p, pairs), p)
            })
            .collect();
        figure = figure.with(Curve::new(label, curve, Style::Dashed));
    }
    figure
}

//! The adhering cell doublet (`examples/scenes/cell_doublet.ron`, `catena validate
//! cell_doublet`) on its level-2 mesh, coarse and short (6 s of its relaxation, a few seconds
//! in release): the contact forms and spreads past its first node ring, the two cells stay
//! mirror images, their volumes are held. It does not check the angle against Young–Dupré:
//! with `N_AdhesivePressure`, which rewards a node's *rest* area share, the angle stays near
//! 21° whatever `W/T` (the interface keeps its full tension `2T`; README, "Deformable cells",
//! and `catena validate cell_doublet`, which reports the failing rows). The Young–Dupré trend
//! (larger `W/T`, smaller `cos θ`) belongs here once a law acts on the current area.

use catena::validate::doublet::{Doublet, relax};

#[test]
fn doublet_contact_spreads_symmetrically_and_holds_volume() {
    let dir = tempfile::tempdir().expect("temp dir");
    for ratio in [0.5, 1.5] {
        let d = Doublet {
            duration: 6.0,
            ..Doublet::shipped(ratio)
        };
        let run = relax(dir.path(), &d).expect("doublet runs");
        let s = run.shape;
        let theta = s.mean_angle().to_degrees();
        let theory = d.young_dupre().to_degrees();
        eprintln!(
            "W/T = {ratio}: θ = {:.2}° / {:.2}° (Young–Dupré {theory:.2}°), disc {:.3} / {:.3} µm, \
             {} Newton iterations, {:.1} s",
            s.angle[0].to_degrees(),
            s.angle[1].to_degrees(),
            s.disc_radius[0] * 1e6,
            s.disc_radius[1] * 1e6,
            run.iterations,
            run.wall
        );
        // Mirror images: the same angle and disc on both sides.
        assert!((s.angle[0] - s.angle[1]).abs().to_degrees() < 1.0, "{s:?}");
        assert!((s.disc_radius[0] - s.disc_radius[1]).abs() < 2e-7, "{s:?}");
        // The contact spreads past the first node ring (1.4–1.5 µm from the pole on this mesh).
        assert!(s.disc_radius[0] > 1.8e-6 && theta > 10.0, "{s:?}");
        for v in s.volume {
            assert!(
                (v / run.rest_volume - 1.0).abs() < 1e-3,
                "{v} {}",
                run.rest_volume
            );
        }
    }
}

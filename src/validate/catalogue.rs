//! The validation cases, in the order they are run and reported.

use super::case::Case;
use super::{
    cantilever, cell, doublet, drop, drum, hertz, incline, integrators, ipc_guarantee, ipc_shells,
    maugis_dugdale, micropipette, overdamped, overhand, overhand_qs, plate_indentation,
    plate_point_load, rbc_stretch, repose, restitution, rigid_body, rolling, shell_cantilever,
    static_load, trefoil,
};

/// Every case.
pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "cantilever",
            title: "Cantilever under gravity against Euler–Bernoulli, E = 20 MPa … 20 GPa",
            source: "seed 004 (MAT-DiSMech) §7.2, Fig. 8",
            fast: true,
            parts: &[],
            run: cantilever::run,
        },
        Case {
            name: "hertz",
            title: "Head-on impact of two elastic spheres: contact time and maximum overlap",
            source: "Johnson 1985 §11.4; Pöschel & Schwager 2005 Eq. 2.11",
            fast: true,
            parts: &[],
            run: hertz::run,
        },
        Case {
            name: "maugis_dugdale",
            title: "Two spheres held by N_MaugisDugdale pulled apart under load control at \
                    λ = 0.1, 1, 10 (DMT-like to JKR-like): pull-off force against Maugis' theory",
            source: "Maugis 1992 (J. Colloid Interface Sci. 150:243); Johnson & Greenwood 1997 \
                     (J. Colloid Interface Sci. 192:326)",
            fast: true,
            parts: &[],
            run: maugis_dugdale::run,
        },
        Case {
            name: "incline",
            title: "Rod on an incline: stick below tan θ = μ, slide at g(sin θ − μ cos θ) above; \
                    T_IMC, T_IPC, T_CoulombFriction, T_CundallStrack",
            source: "Coulomb friction of a block on a slope; seed 001 Eqs. 14–21; Li et al. 2020",
            fast: true,
            parts: &[],
            run: incline::run,
        },
        Case {
            name: "rolling",
            title: "Rotating spheres: rolling (5/7 g sin θ) and sliding on an incline, a \
                    spinning sphere set down on a plane (Coulomb slip, then rolling at v_f), \
                    rolling resistance (−5/7 μ_r g on the level, held below tan θ = μ_r)",
            source: "rigid-body dynamics of a solid sphere with Coulomb friction",
            fast: true,
            parts: &[],
            run: rolling::run,
        },
        Case {
            name: "rigid_body",
            title: "Rigid bodies with a mesh surface: torque-free flip of an asymmetric box \
                    (energy and momentum under the midpoint rule, the flip against Euler's \
                    equations), a ball rolling inside a fixed cylinder (period \
                    2π√(7(R−r)/5g)), a rod draped over a rigid box (the box carries its weight)",
            source: "Euler's equations of a rigid body; Simo & Wong 1991; rolling of a solid \
                     sphere in a cylinder",
            fast: true,
            parts: &["flip", "cylinder", "rod_over_box"],
            run: rigid_body::run,
        },
        Case {
            name: "drum",
            title: "Spheres in a rotating drum (rigid mesh body, prescribed rotation): the \
                    dynamic angle of repose, and the drum's torque against the moment of the \
                    bed's weight",
            source: "rolling regime of rotating drums (Mellmann 2001; Yang et al. 2003); \
                     angular momentum balance",
            fast: false,
            parts: &[],
            run: drum::run,
        },
        Case {
            name: "overdamped",
            title: "Overdamped dynamics (Γ v = F): Stokes settling at v = 2Δρgr²/(9η) from the \
                    first step, and a squeeze film closing as h₀ exp(−t/τ) through \
                    N_LubricationResistance",
            source: "Stokes 1851; Kim & Karrila 1991 §9.3; mpacts N_LubricationResistance (seed \
                     003)",
            fast: true,
            parts: &["settling", "squeeze"],
            run: overdamped::run,
        },
        Case {
            name: "cell",
            title: "Deformable cells at rest: Laplace's ΔP = 2T/R for a cortical-tension cell \
                    held at its volume (overdamped and implicit Euler), and a cell inflated \
                    against its area modulus",
            source: "Young 1805, Laplace 1806; mpacts deformable cell model (seed 003; Odenthal \
                     et al. 2013)",
            fast: true,
            parts: &["laplace", "inflation"],
            run: cell::run,
        },
        Case {
            name: "cell_doublet",
            title: "Two equal cortical-tension cells adhering (N_AdhesivePressure on the nodes' \
                    current area, overdamped): the free caps' contact angle against Young–Dupré, \
                    cos θ = 1 − W/(2T), at W/T = 0.5, 1, 1.5, each relaxed until it settles",
            source: "Young 1805, Dupré 1869; Maître et al. 2012 (Science 338:253); mpacts \
                     deformable cell model (seed 003; Odenthal et al. 2013)",
            fast: false,
            parts: &[],
            run: doublet::run,
        },
        Case {
            name: "rbc_stretch",
            title: "Red blood cell stretched by optical tweezers (Evans–Fung cell, hyperelastic \
                    membrane, area and volume held): axial and transverse diameters against \
                    force, 0–193 pN, beside the measurements",
            source: "Mills, Qie, Dao, Lim & Suresh 2004 (Mech. Chem. Biosyst. 1:169), diameters \
                     against force; Dao, Lim & Suresh 2003 (J. Mech. Phys. Solids 51:2259); Skalak et al. 1973",
            fast: false,
            parts: &[],
            run: rbc_stretch::run,
        },
        Case {
            name: "micropipette",
            title: "Micropipette aspiration of a cortical-tension cell (rigid pipette with a \
                    rounded lip, Suction on the membrane past its face, overdamped): the settled \
                    tongue against the liquid-drop model, flowing in above \
                    ΔP_c = 2T(1/a − 1/R_o)",
            source: "Evans & Yeung 1989 (Biophys. J. 56:151); Hochmuth 2000 (J. Biomech. \
                     33:15)",
            fast: false,
            parts: &[],
            run: micropipette::run,
        },
        Case {
            name: "static",
            title: "Static load stepping (gravity ramped over 5 load steps): rod cantilever \
                    against λ δ_EB, DiSMech's shell cantilever procedure with hinge and mid-edge \
                    bending, static against dynamic, load-path independence",
            source: "seed 004 (MAT-DiSMech) §7.2, Fig. 8 (static_sim)",
            fast: true,
            parts: &["cantilever", "shell_cantilever"],
            run: static_load::run,
        },
        Case {
            name: "restitution",
            title: "Impacts at restitution e = 0.5 (N_HertzRestitution): head-on sphere pairs \
                    at three speeds and oblique impacts on a wall; e against t_c/Δt",
            source: "Tsuji et al. 1992; Antypov & Elliott 2011; Thornton et al. 2013",
            fast: true,
            parts: &[],
            run: restitution::run,
        },
        Case {
            name: "repose",
            title: "Angle of repose of a poured heap of 600 monodisperse spheres, rolling \
                    resistance μ_r = 0 and 0.1 (μ = 0.5): the flank angle from the heap profile",
            source: "Zhou et al. 1999 (Physica A 269:536); Zhou et al. 2002 (Powder Technol. \
                     125:45); Ai et al. 2011 (Powder Technol. 206:269)",
            fast: false,
            parts: &[],
            run: repose::run,
        },
        Case {
            name: "ipc_guarantee",
            title: "Fast rod–rod impact: IPC keeps a positive gap at every iterate, IMC's \
                    penetration beside it",
            source: "Li et al. 2020 (IPC) §4–5; seed 001 Eq. 9, B.5",
            fast: true,
            parts: &[],
            run: ipc_guarantee::run,
        },
        Case {
            name: "ipc_shells",
            title: "Rods and shells under IPC (node–triangle + edge–edge): a positive gap at \
                    every iterate as a rod lands on a plate and a sheet falls on rods",
            source: "Li et al. 2020 (IPC) §4–5; seed 004 §5 (shells)",
            fast: true,
            parts: &[],
            run: ipc_shells::run,
        },
        Case {
            name: "drop",
            title: "Rod dropped on frictional ground from 5 cm, E = 2 MPa and 2 GPa: no \
                    penetration beyond δ, energy decays, comes to rest",
            source: "seed 004 (MAT-DiSMech) §7.1, Fig. 7",
            fast: true,
            parts: &[],
            run: drop::run,
        },
        Case {
            name: "integrators",
            title: "Time integrators: restitution of an undamped Hertz impact and energy of a \
                    free-falling rod under implicit Euler, BDF2 and the implicit midpoint rule",
            source: "Hairer & Wanner 1996 (BDF2); Hairer, Lubich & Wanner 2006 (midpoint)",
            fast: true,
            parts: &[],
            run: integrators::run,
        },
        Case {
            name: "shell_cantilever",
            title: "Shell strip under its weight: hinge and mid-edge bending against beam theory \
                    and the elastica, E = 20 MPa … 20 GPa, and their mesh dependence",
            source: "seed 004 (MAT-DiSMech) §3.3, §7.2; Grinspun et al. 2003, 2006",
            fast: true,
            parts: &[],
            run: shell_cantilever::run,
        },
        Case {
            name: "plate_point_load",
            title: "Steel ball resting on a circular shell plate through Hertz contact with its \
                    triangles: centre deflection against Kirchhoff plate theory, clamped and \
                    simply supported",
            source: "Timoshenko & Woinowsky-Krieger 1959 §§15–16, 19; seed 004 §3.3",
            fast: true,
            parts: &[],
            run: plate_point_load::run,
        },
        Case {
            name: "plate_indentation",
            title: "Rigid ball pressed quasi-statically into a clamped circular plate (static \
                    load steps, prescribed travel): force–deflection against Kirchhoff's \
                    P = 16πDw/a² at small load, the indentation against Hertz",
            source: "Timoshenko & Woinowsky-Krieger 1959 §19; Johnson 1985 §4.2; seed 004 \
                     (MAT-DiSMech) §7.2 (static_sim)",
            fast: true,
            parts: &[],
            run: plate_indentation::run,
        },
        Case {
            name: "trefoil",
            title: "Tightening a trefoil knot with IMC friction μ = 0.1: F̄(ε) against \
                    F̄ = ε⁴/2 + μσε³, judged by its parts (the frictionless ε⁴/2 by a μ = 0 \
                    pull, the friction rise by μ Σ|f|), Eq. C.1 whole reported",
            source: "seed 001 App. C.1, Eq. C.1, Fig. C.1a (Audoly, Clauvelin & Neukirch 2007)",
            fast: false,
            parts: &[],
            run: trefoil::run,
        },
        Case {
            name: "overhand",
            title: "Tightening overhand knots of unknotting number n = 1…4 with IMC friction \
                    μ = 0.07: n²F̄ against n²h/e, judged where the traction is friction-dominated \
                    (H/F ≤ 0.2: n = 3, 4), the friction rise by μ Σ|f| for every n",
            source: "seed 001 App. C.2, Eq. C.2, Fig. C.1b (Jawed, Dieleman, Audoly & Reis 2015)",
            fast: false,
            parts: &["1", "2", "3", "4"],
            run: overhand::run,
        },
        Case {
            name: "overhand_qs",
            title: "The overhand knot pulls with their quasi-static stage overdamped (Γ v = F, \
                    the drag as resistance): n²F̄ against the dynamic pulls of case overhand \
                    within 1 %, and the wall time",
            source: "case overhand (seed 001 App. C.2); issue 36",
            fast: false,
            parts: &["1", "2", "3", "4"],
            run: overhand_qs::run,
        },
    ]
}

/// Cases of issue 7 that the suite does not run yet, with the reason (printed in
/// `VALIDATION.md` and by `catena validate --list`).
pub const NOT_COVERED: &[(&str, &str)] = &[];

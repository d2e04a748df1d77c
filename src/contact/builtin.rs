//! The built-in elements: one registration line each, with the same [`crate::element_set!`]
//! macro a user crate uses. Every element's RON name is the `name` of its documentation.

use super::assemble::{
    AssembleContactArea1, AssembleContactArea2, AssembleContactMatrix, AssembleForces,
    AssembleForces1, AssembleForces2, AssembleSpringTension, AssembleSpringTension1D,
    AssembleVirialStress, AssembleVirialStress2, DistributeToTriangle, DistributeToTriangle2,
    Feedback, FeedbackDistance, FeedbackDividing, MatrixOverdamped, MatrixStatic,
    MatrixUnderdamped, NoFeedback,
};
use super::data::{
    DeformableCapsule1Data, DeformableCapsule2Data, DeformableTriangle1Data,
    DeformableTriangle2Data, Plane2Data, Point1Data, Point2Data, Sphere1Data, Sphere2Data,
};
use super::normal::integrated::{
    DampedHertzInt, HertzInt, LinearPressureInt, MaugisDugdaleGeoInt, MaugisDugdaleInt,
};
use super::normal::{
    AdhesivePressure, Budding, ConstantForce, Contractile, DampedHertz, Delile, Dividing, Dmt,
    Hertz, HertzRestitution, Imc, Ipc, Jkr, LinearAdhesionForce, LinearDamper, LinearDamperOverlap,
    LinearForce, LinearPressure, MaugisDugdale, MaxwellFluidShell, PresetForce, SerialDashpot,
    Spring, SpringDamper,
};
use super::resistance::{
    AreaWeightedResistance, ConstantResistance, DividingResistance, LubricationResistance,
    MaskedConstantResistance, MaterialSpecificAreaWeightedResistance,
    MaterialSpecificConstantResistance, MeshWeightedResistance, ShellViscosityResistance,
};
use super::resolve::{
    CapsuleCapsule, CapsulePlane, CapsuleSphere, PointPlane, PointPoint, PointTriangle,
    RoundedTrianglePlane, RoundedTriangleRoundedTriangle, RoundedTriangleSphere, SpherePlane,
    SpherePoint, SphereSphere, SphereTriangle, TrianglePlane,
};
use super::tangential::{
    CoulombFriction, CoulombInt, CundallStrack, ImcFriction, IpcFriction, RollingResistance,
    TorsionalCoulombFriction,
};

crate::element_set! {
    /// Every element that ships with catena.
    pub enum Builtin {
        /// `Deformable_Capsule_1_Data`.
        Capsule1Data(DeformableCapsule1Data),
        /// `Deformable_Capsule_2_Data`.
        Capsule2Data(DeformableCapsule2Data),
        /// `Sphere_1_Data`.
        Sphere1Data(Sphere1Data),
        /// `Sphere_2_Data`.
        Sphere2Data(Sphere2Data),
        /// `Point_1_Data`.
        Point1Data(Point1Data),
        /// `Point_2_Data`.
        Point2Data(Point2Data),
        /// `Plane_2_Data`.
        Plane2Data(Plane2Data),
        /// `DeformableTriangle_1_Data`.
        Triangle1Data(DeformableTriangle1Data),
        /// `DeformableTriangle_2_Data`.
        Triangle2Data(DeformableTriangle2Data),
        /// `Capsule_Capsule`.
        CapsuleCapsule(CapsuleCapsule),
        /// `Capsule_Sphere`.
        CapsuleSphere(CapsuleSphere),
        /// `Sphere_Sphere`.
        SphereSphere(SphereSphere),
        /// `Sphere_Point`.
        SpherePoint(SpherePoint),
        /// `Point_Point`.
        PointPoint(PointPoint),
        /// `Point_Plane`.
        PointPlane(PointPlane),
        /// `Sphere_Plane`.
        SpherePlane(SpherePlane),
        /// `Capsule_Plane`.
        CapsulePlane(CapsulePlane),
        /// `Point_Triangle`.
        PointTriangle(PointTriangle),
        /// `Sphere_Triangle`.
        SphereTriangle(SphereTriangle),
        /// `Triangle_Plane`.
        TrianglePlane(TrianglePlane),
        /// `RoundedTriangle_Sphere`.
        RoundedTriangleSphere(RoundedTriangleSphere),
        /// `RoundedTriangle_Plane`.
        RoundedTrianglePlane(RoundedTrianglePlane),
        /// `RoundedTriangle_RoundedTriangle`.
        RoundedTriangleRoundedTriangle(RoundedTriangleRoundedTriangle),
        /// `N_LinearForce`.
        LinearForce(LinearForce),
        /// `N_IMC`.
        Imc(Imc): adaptive,
        /// `T_IMC`.
        ImcFriction(ImcFriction),
        /// `N_IPC`.
        Ipc(Ipc): adaptive,
        /// `T_IPC`.
        IpcFriction(IpcFriction),
        /// `N_Hertz`.
        Hertz(Hertz),
        /// `N_DampedHertz`.
        DampedHertz(DampedHertz),
        /// `N_HertzRestitution`.
        HertzRestitution(HertzRestitution),
        /// `Spring`.
        Spring(Spring),
        /// `Spring_Damper`.
        SpringDamper(SpringDamper),
        /// `MaxwellFluidShell`.
        MaxwellFluidShell(MaxwellFluidShell),
        /// `SerialDashpot`.
        SerialDashpot(SerialDashpot),
        /// `LinearDamper`.
        LinearDamper(LinearDamper),
        /// `LinearDamperOverlap`.
        LinearDamperOverlap(LinearDamperOverlap),
        /// `N_DMT`.
        Dmt(Dmt),
        /// `N_Delile`.
        Delile(Delile),
        /// `N_Contractile`.
        Contractile(Contractile),
        /// `N_LinearPressure`.
        LinearPressure(LinearPressure),
        /// `N_AdhesivePressure`.
        AdhesivePressure(AdhesivePressure),
        /// `N_LinearAdhesionForce`.
        LinearAdhesionForce(LinearAdhesionForce),
        /// `N_ConstantForce`.
        ConstantForce(ConstantForce),
        /// `PresetForce`.
        PresetForce(PresetForce),
        /// `N_Dividing`.
        Dividing(Dividing),
        /// `N_Budding`.
        Budding(Budding),
        /// `N_JKR`.
        Jkr(Jkr),
        /// `N_MaugisDugdale`.
        MaugisDugdale(MaugisDugdale),
        /// `N_Hertz_Int`.
        HertzInt(HertzInt),
        /// `N_DampedHertz_Int`.
        DampedHertzInt(DampedHertzInt),
        /// `N_LinearPressure_Int`.
        LinearPressureInt(LinearPressureInt),
        /// `N_MaugisDugdale_Int`.
        MaugisDugdaleInt(MaugisDugdaleInt),
        /// `N_MaugisDugdale_geo_Int`.
        MaugisDugdaleGeoInt(MaugisDugdaleGeoInt),
        /// `T_CoulombFriction_Int`.
        CoulombInt(CoulombInt),
        /// `DistributeForcesAndMomentsToTriangle_1_Nodes`.
        DistributeToTriangle(DistributeToTriangle),
        /// `DistributeForcesAndMomentsToTriangle_2_Nodes`.
        DistributeToTriangle2(DistributeToTriangle2),
        /// `T_CoulombFriction`.
        CoulombFriction(CoulombFriction),
        /// `T_CundallStrack`.
        CundallStrack(CundallStrack),
        /// `T_RollingResistance`.
        RollingResistance(RollingResistance),
        /// `T_TorsionalCoulombFriction`.
        TorsionalCoulombFriction(TorsionalCoulombFriction),
        /// `N_T_ConstantResistance`.
        ConstantResistance(ConstantResistance),
        /// `N_T_AreaWeightedResistance`.
        AreaWeightedResistance(AreaWeightedResistance),
        /// `N_T_MaterialSpecificConstantResistance`.
        MaterialSpecificConstantResistance(MaterialSpecificConstantResistance),
        /// `N_T_MaterialSpecificAreaWeightedResistance`.
        MaterialSpecificAreaWeightedResistance(MaterialSpecificAreaWeightedResistance),
        /// `N_T_MeshWeightedResistance`.
        MeshWeightedResistance(MeshWeightedResistance),
        /// `N_T_MaskedConstantResistance`.
        MaskedConstantResistance(MaskedConstantResistance),
        /// `N_T_ShellViscosity`.
        ShellViscosityResistance(ShellViscosityResistance),
        /// `N_LubricationResistance`.
        LubricationResistance(LubricationResistance),
        /// `N_DividingResistance`.
        DividingResistance(DividingResistance),
        /// `ComputeContactMatrixElementStatic`.
        MatrixStatic(MatrixStatic),
        /// `ComputeContactMatrixElementUnderdamped`.
        MatrixUnderdamped(MatrixUnderdamped),
        /// `ComputeContactMatrixElementOverdamped`.
        MatrixOverdamped(MatrixOverdamped),
        /// `AssembleForces`.
        AssembleForces(AssembleForces),
        /// `AssembleForces_1`.
        AssembleForces1(AssembleForces1),
        /// `AssembleForces_2`.
        AssembleForces2(AssembleForces2),
        /// `AssembleContactMatrix`.
        AssembleContactMatrix(AssembleContactMatrix),
        /// `Assemble_VirialStress`.
        AssembleVirialStress(AssembleVirialStress),
        /// `Assemble_VirialStress_2`.
        AssembleVirialStress2(AssembleVirialStress2),
        /// `Assemble_ContactArea_1`.
        AssembleContactArea1(AssembleContactArea1),
        /// `Assemble_ContactArea_2`.
        AssembleContactArea2(AssembleContactArea2),
        /// `Assemble_SpringTension`.
        AssembleSpringTension(AssembleSpringTension),
        /// `Assemble_SpringTension1D`.
        AssembleSpringTension1D(AssembleSpringTension1D),
        /// `Feedback`.
        Feedback(Feedback),
        /// `FeedbackDistance`.
        FeedbackDistance(FeedbackDistance),
        /// `NoFeedback`.
        NoFeedback(NoFeedback),
        /// `FeedbackDividing`.
        FeedbackDividing(FeedbackDividing),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::element::{ChainElement, ElementSet};

    /// Every registered name is unique and reads back as the element it names.
    #[test]
    fn names_are_unique_and_parse() {
        let names = Builtin::names();
        let mut sorted = names.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "duplicate element names");
        assert_eq!(names.len(), Builtin::catalogue().len());
        for e in Builtin::catalogue() {
            assert!(names.contains(&e.doc().name));
        }
    }

    #[test]
    fn adaptive_elements_are_the_two_adaptive_stiffnesses() {
        let adaptive: Vec<&str> = Builtin::catalogue()
            .iter()
            .filter(|e| e.adaptive().is_some())
            .map(|e| e.doc().name)
            .collect();
        assert_eq!(adaptive, ["N_IMC", "N_IPC"]);
    }
}

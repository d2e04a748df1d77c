//! Data bindings: `Data<P, SIDE>` binds one side of a pair to a primitive of kind `P` through
//! its [`Primitive`] implementation; each RON name is an alias of it.

mod binding;

pub use binding::{
    Data, DeformableCapsule1Data, DeformableCapsule2Data, DeformableTriangle1Data,
    DeformableTriangle2Data, Plane2Data, Point1Data, Point2Data, Sphere1Data, Sphere2Data,
};

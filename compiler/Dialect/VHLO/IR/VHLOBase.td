//===- VHLOBase.td - The vhlo dialect: versioned StableHLO ----------------===//
//
// VHLO is StableHLO with a version on every op: `vhlo.add_v1`,
// `vhlo.cbrt_v2`. An op's version changes when its operands or attributes
// change, so a module in VHLO says which StableHLO releases can read it, and
// --vhlo-to-version rewrites it for an older (or newer) release.
//
// oxla's vhlo ops keep builtin types and StableHLO's own attributes instead
// of upstream's mirrored !vhlo.*/#vhlo.* ones: which release first has a
// type or attribute is a function of it, not one mirrored type per version.
// Every op is generic: operands, results, attributes and regions as the
// stablehlo op has them, printed in the generic form.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_VHLO_BASE
#define OXLA_VHLO_BASE

include "mlir/Bytecode/BytecodeOpInterface.td"
include "mlir/IR/OpBase.td"

def VHLO_Dialect : Dialect {
  let name = "vhlo";
  let cppNamespace = "::oxla::vhlo";
  let summary = "Versioned StableHLO ops";
  // Portable artifacts are read into stablehlo and quant types and
  // attributes (VHLOBytecode.cpp).
  let dependentDialects = ["::oxla::stablehlo::StableHLODialect",
                           "::mlir::quant::QuantizationDialect"];
  // Upstream's !vhlo.* types and #vhlo.* attributes read into builtin and
  // stablehlo ones (VHLOAsm.cpp); no vhlo type or attribute exists to print.
  let extraClassDeclaration = [{
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
  }];
}

def VHLO_VersionedOpInterface : OpInterface<"VersionedOpInterface"> {
  let cppNamespace = "::oxla::vhlo";
  let description = [{
    The StableHLO releases that have this op: from getMinVersion() to
    getMaxVersion(), both included.
  }];
  let methods = [
    StaticInterfaceMethod<"The first release with this op version.",
      "::oxla::vhlo::Version", "getMinVersion">,
    StaticInterfaceMethod<"The last release with this op version.",
      "::oxla::vhlo::Version", "getMaxVersion">,
  ];
}

// `maxVersion` is "current" while no newer version of the op exists.
class VHLO_Op<string mnemonic, string minVersion, string maxVersion = "current",
              list<Trait> traits = []>
    : Op<VHLO_Dialect, mnemonic,
         [DeclareOpInterfaceMethods<VHLO_VersionedOpInterface>,
          DeclareOpInterfaceMethods<BytecodeOpInterface>] # traits> {
  let arguments = (ins Variadic<AnyType>:$operands);
  let results = (outs Variadic<AnyType>:$outputs);
  let regions = (region VariadicRegion<AnyRegion>:$bodies);
  let extraClassDefinition = [{
    ::oxla::vhlo::Version $cppClass::getMinVersion() {
      return ::oxla::vhlo::Version::fromLiteral("}] # minVersion # [{");
    }
    ::oxla::vhlo::Version $cppClass::getMaxVersion() {
      return ::oxla::vhlo::Version::fromLiteral("}] # maxVersion # [{");
    }
    // Portable artifacts store upstream's attributes as properties
    // (VHLOBytecode.h); oxla's ops keep them as attributes, so there are no
    // properties to write.
    ::llvm::LogicalResult $cppClass::readProperties(
        ::mlir::DialectBytecodeReader &reader, ::mlir::OperationState &state) {
      return ::oxla::vhlo::readUpstreamProperties(reader, state);
    }
    void $cppClass::writeProperties(::mlir::DialectBytecodeWriter &) {}
  }];
}

#endif // OXLA_VHLO_BASE

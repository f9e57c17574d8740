// The i1 hex forms of MLIR 19 (bit-packed) and newer MLIR (a byte each),
// converted both ways, and what MLIR 19 makes of the converted text.

#include "compiler/Registration.h"
#include "compiler/Import/SourceCompat.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

namespace {

std::string pack(llvm::StringRef text) {
  bool changed = false;
  return oxla::packI1HexConstants(text, changed);
}

/// The elements of the one i1 constant that `text` (a module) holds.
std::vector<bool> elementsOf(llvm::StringRef text) {
  mlir::MLIRContext context;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, &context);
  if (!module)
    return {};
  auto attr = llvm::cast<mlir::DenseElementsAttr>(
      (*module)->getAttr("test.value"));
  return std::vector<bool>(attr.getValues<bool>().begin(),
                           attr.getValues<bool>().end());
}

/// `head`, then `spaces` blanks, then `tail`.
std::string padded(llvm::StringRef head, size_t spaces, llvm::StringRef tail) {
  return head.str() + std::string(spaces, ' ') + tail.str();
}

std::string moduleWith(llvm::StringRef constant) {
  return ("module attributes {test.value = " + constant + "} {}").str();
}

TEST(SourceCompat, PacksBytesIntoBitsAndKeepsColumns) {
  std::string text = "dense<\"0x000101000001010101\"> : tensor<9xi1> %x";
  std::string packed = pack(text);
  // Elements 1, 2, 5, 6, 7, 8: bits 0b11100110 of byte 0 and bit 0 of byte 1.
  EXPECT_EQ(packed, padded("dense<\"0xE601\">", 18 - 4, " : tensor<9xi1> %x"));
  EXPECT_EQ(packed.size(), text.size());
  EXPECT_EQ(packed.find("%x"), text.find("%x"));
  EXPECT_EQ(elementsOf(moduleWith(pack("dense<\"0x000101000001010101\"> : tensor<9xi1>"))),
            (std::vector<bool>{false, true, true, false, false, true, true, true,
                               true}));
}

TEST(SourceCompat, ReadsShapesAndVectors) {
  EXPECT_EQ(pack("dense<\"0x01000001\"> : tensor<2x2xi1>"),
            padded("dense<\"0x09\">", 8 - 2, " : tensor<2x2xi1>"));
  EXPECT_EQ(pack("dense<\"0x0100\">\n  :  vector<2xi1>"),
            "dense<\"0x01\">  \n  :  vector<2xi1>");
}

TEST(SourceCompat, OneByteIsASplat) {
  EXPECT_EQ(pack("dense<\"0x01\"> : tensor<100xi1>"),
            "dense<\"0xFF\"> : tensor<100xi1>");
  std::vector<bool> all(100, true);
  EXPECT_EQ(elementsOf(moduleWith(pack("dense<\"0x01\"> : tensor<100xi1>"))),
            all);
  EXPECT_EQ(pack("dense<\"0x00\"> : tensor<100xi1>"),
            "dense<\"0x00\"> : tensor<100xi1>");
}

TEST(SourceCompat, LeavesOtherConstantsAlone) {
  for (llvm::StringRef text :
       {"dense<\"0x0100\"> : tensor<2xi8>",          // not i1
        "dense<\"0x01\"> : tensor<i1>",               // one element
        "dense<\"0x0100\"> : tensor<16xi1>",          // already packed
        "dense<\"0x0102\"> : tensor<2xi1>",           // not 0 or 1 per byte
        "dense<\"0x010\"> : tensor<3xi1>",            // odd digit count
        "dense<\"0x0100\"> : tensor<?xi1>",           // dynamic shape
        "dense<\"0x0100\"> : tensor<2xi1",            // truncated
        "dense<\"0x0100\">", "dense<\"0x", "x = dense<[true, false]> : tensor<2xi1>"}) {
    bool changed = true;
    EXPECT_EQ(oxla::packI1HexConstants(text, changed), text.str());
    EXPECT_FALSE(changed) << text.str();
  }
}

TEST(SourceCompat, HugeShapesAreLeftToTheParser) {
  std::string text = "dense<\"0x0100\"> : tensor<99999999999999999999x2xi1>";
  EXPECT_EQ(pack(text), text);
  text = "dense<\"0x0100\"> : tensor<4294967296x4294967296x2xi1>";
  EXPECT_EQ(pack(text), text);
}

TEST(SourceCompat, UnpacksWhatMlir19Prints) {
  EXPECT_EQ(oxla::unpackI1HexConstants("dense<\"0xE601\"> : tensor<9xi1>"),
            "dense<\"0x000101000001010101\"> : tensor<9xi1>");
  EXPECT_EQ(oxla::unpackI1HexConstants("dense<\"0xFF\"> : tensor<100xi1>"),
            "dense<\"0x01\"> : tensor<100xi1>");
  EXPECT_EQ(oxla::unpackI1HexConstants("dense<\"0xFF\"> : tensor<3xi1>"),
            "dense<\"0x010101\"> : tensor<3xi1>");
  EXPECT_EQ(oxla::unpackI1HexConstants("dense<\"0x0100\"> : tensor<2xi8>"),
            "dense<\"0x0100\"> : tensor<2xi8>");
}

TEST(SourceCompat, MlirPrintsWhatUnpackingTurnsBack) {
  mlir::MLIRContext context;
  std::string bytes;
  for (int i = 0; i < 300; ++i)
    bytes += (i * 7 % 3 == 0) ? "01" : "00";
  std::string text = moduleWith("dense<\"0x" + bytes + "\"> : tensor<3x100xi1>");
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(pack(text), &context);
  ASSERT_TRUE(module);
  std::string printed;
  llvm::raw_string_ostream os(printed);
  module->print(os);
  EXPECT_NE(oxla::unpackI1HexConstants(printed).find(bytes), std::string::npos)
      << printed;
}

} // namespace

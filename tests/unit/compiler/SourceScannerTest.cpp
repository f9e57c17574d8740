// How SourceScanner splits MLIR text, and the rewrites built on it: strings
// and comments are never touched, whatever they contain.

#include "compiler/Import/ForeignDialects.h"
#include "compiler/Import/SourceCompat.h"
#include "compiler/Import/SourceScanner.h"

#include <gtest/gtest.h>

namespace {

/// "C", "S" or "#" per span, with the span's text.
std::vector<std::string> spansOf(llvm::StringRef text) {
  std::vector<std::string> spans;
  oxla::scanSource(text, [&](oxla::SourceSpan span) {
    const char *kind = span.kind == oxla::SourceSpan::Code     ? "C:"
                       : span.kind == oxla::SourceSpan::String ? "S:"
                                                               : "#:";
    spans.push_back(kind + text.slice(span.begin, span.end).str());
  });
  return spans;
}

TEST(SourceScanner, SplitsCodeStringsAndComments) {
  EXPECT_EQ(spansOf(R"(a = "x\"y // z" // c "q"
b)"),
            (std::vector<std::string>{"C:a = ", R"(S:"x\"y // z")", "C: ",
                                      R"(#:// c "q")", "C:\nb"}));
}

TEST(SourceScanner, UnterminatedStringEndsAtTheLine) {
  EXPECT_EQ(spansOf("\"abc\nd"), (std::vector<std::string>{"S:\"abc", "C:\nd"}));
  EXPECT_EQ(spansOf("\"a\\\\\"b"), (std::vector<std::string>{"S:\"a\\\\\"", "C:b"}));
}

TEST(SourceScanner, EditsKeepColumnsWhenShorter) {
  EXPECT_EQ(oxla::applyEdits("abcdef", {{1, 4, "X"}}), "aX  ef");
  EXPECT_EQ(oxla::applyEdits("abc", {{1, 2, "XYZ"}, {2, 3, ""}}), "aXYZ ");
}

TEST(LocationRanges, DropsTheEndOfEachRange) {
  EXPECT_EQ(oxla::dropLocationRanges(R"(loc("f.py":10:8 to :54))"),
            R"(loc("f.py":10:8       ))");
  EXPECT_EQ(oxla::dropLocationRanges(R"(loc("f.py":1:2 to 3:4))"), R"(loc("f.py":1:2       ))");
  // Not a range: a point, a string that only looks like one, a comment.
  EXPECT_EQ(oxla::dropLocationRanges(R"(loc("f.py":10:8))"), std::nullopt);
  EXPECT_EQ(oxla::dropLocationRanges(R"(x = "\"f\":1:2 to :5")"), std::nullopt);
  EXPECT_EQ(oxla::dropLocationRanges("// \"f\":1:2 to :5\n"), std::nullopt);
  EXPECT_EQ(oxla::dropLocationRanges(R"(loc("f":1:2 to :5x))"), std::nullopt);
}

/// `attributes` on a generic-form op of `dialect`, rewritten (or nothing).
std::optional<std::string> rewritten(llvm::StringRef attributes,
                                     llvm::StringRef op = "stablehlo.gather") {
  std::optional<std::string> text = oxla::rewriteLegacyArrayAttributes(
      ("\"" + op + "\"(%a) " + attributes).str());
  if (!text)
    return std::nullopt;
  return text->substr(op.size() + 7);
}

TEST(LegacyArrayAttributes, RewritesOnlyTheAttributesThatChanged) {
  EXPECT_EQ(rewritten("{slice_sizes = dense<1> : tensor<2xi64>}"),
            "{slice_sizes = array<i64: 1, 1>        }");
  EXPECT_EQ(rewritten("{window_reversal = dense<[true, false]> : tensor<2xi1>}",
                      "stablehlo.convolution"),
            "{window_reversal = array<i1: true, false>             }");
  EXPECT_EQ(rewritten("{dimensions = dense<> : tensor<0xi64>}", "chlo.foo"),
            "{dimensions = array<i64>             }");
  // Another attribute, a 2-D padding, a hex value, a string, a mismatch.
  EXPECT_EQ(rewritten("{foo_sizes = dense<1> : tensor<2xi64>}"), std::nullopt);
  EXPECT_EQ(rewritten("{padding = dense<0> : tensor<2x2xi64>}"), std::nullopt);
  EXPECT_EQ(rewritten("{strides = dense<\"0x0100000000000000\"> : tensor<1xi64>}"),
            std::nullopt);
  EXPECT_EQ(rewritten("{config = \"strides = dense<1> : tensor<1xi64>\"}"), std::nullopt);
  EXPECT_EQ(rewritten("{strides = dense<[1, 2]> : tensor<3xi64>}"), std::nullopt);
  EXPECT_EQ(rewritten("{my.strides = dense<1> : tensor<1xi64>}"), std::nullopt);
}

TEST(LegacyArrayAttributes, LeavesOtherDialectsAlone) {
  // vhlo ops hold upstream's tensors; pretty forms never had them.
  EXPECT_EQ(rewritten("{window_strides = dense<2> : tensor<2xi64>}", "vhlo.convolution_v1"),
            std::nullopt);
  EXPECT_EQ(oxla::rewriteLegacyArrayAttributes(
                "%0 = stablehlo.foo %a {strides = dense<1> : tensor<1xi64>}"),
            std::nullopt);
  // After a region, the last op named is the region's.
  EXPECT_EQ(oxla::rewriteLegacyArrayAttributes(
                "\"stablehlo.reduce\"(%a) ({ \"stablehlo.add\"(%x) }) "
                "{dimensions = dense<1> : tensor<1xi64>}"),
            "\"stablehlo.reduce\"(%a) ({ \"stablehlo.add\"(%x) }) "
            "{dimensions = array<i64: 1>           }");
}

TEST(ForeignDialects, NamespacesOfAttributesInCodeOnly) {
  // Pretty (`#ns.name<...>`) and verbose (`#ns<...>`) forms; an alias
  // (`#loc1`), a result number (`%0#1`) and text in strings and comments are
  // not dialect attributes.
  EXPECT_EQ(oxla::attributeDialectNamespaces(
                "#loc1 = loc(\"a\")\n{a = #tt.x<1>, b = #v<\"q\">, c = #tt.y, "
                "d = \"#s.z<1>\"} %0#1 #loc1 // #c.w<2>\n"),
            (std::vector<std::string>{"tt", "v"}));
}

TEST(BannerLines, OnlyFirstOnALineInCode) {
  EXPECT_EQ(oxla::commentOutBannerLines("module {\n}\n---- END ----\n  --- x\n"),
            "module {\n}\n//-- END ----\n  //- x\n");
  // Not first on its line, inside a string, inside a comment.
  EXPECT_EQ(oxla::commentOutBannerLines("a --- b\n\"--- s\"\n// ---\n"), std::nullopt);
}

} // namespace

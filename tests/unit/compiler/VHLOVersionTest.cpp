// StableHLO release numbers, and the release ranges of the vhlo op table.

#include "compiler/Dialect/VHLO/IR/VHLO.h"

#include "mlir/IR/MLIRContext.h"

#include "llvm/ADT/StringMap.h"

#include <gtest/gtest.h>

#include <map>

using oxla::vhlo::Version;

namespace {

TEST(VHLOVersion, ParsesOnlyThreeNumbers) {
  EXPECT_EQ(Version::parse("1.9.0"), Version(1, 9, 0));
  EXPECT_EQ(Version::parse("0.10.12"), Version(0, 10, 12));
  for (const char *bad : {"", "1", "1.9", "1.9.0.0", "1..0", "a.b.c", "1.-9.0", "1.9.0 "})
    EXPECT_FALSE(Version::parse(bad).has_value()) << bad;
}

TEST(VHLOVersion, OrdersNumericallyNotTextually) {
  EXPECT_LT(Version(1, 9, 0), Version(1, 10, 0));
  EXPECT_LT(Version(0, 20, 0), Version(1, 0, 0));
  EXPECT_EQ(Version(1, 10, 3).str(), "1.10.3");
  EXPECT_EQ(Version::fromLiteral("current"), Version::current());
  EXPECT_EQ(Version::fromLiteral("1.14.0"), Version(1, 14, 0));
}

// The versions of one op are numbered 1, 2, ... in release order, their
// ranges do not overlap, and the newest reaches the current release.
TEST(VHLOVersion, OpVersionsAreOrderedAndEndAtCurrent) {
  mlir::MLIRContext context;
  context.loadDialect<oxla::vhlo::VHLODialect>();
  std::map<std::string, std::map<int, std::pair<Version, Version>>> byOp;
  for (mlir::RegisteredOperationName name : context.getRegisteredOperations()) {
    if (name.getDialectNamespace() != "vhlo")
      continue;
    auto *versioned = name.getInterface<oxla::vhlo::VersionedOpInterface>();
    ASSERT_NE(versioned, nullptr) << name.getStringRef().str();
    llvm::StringRef mnemonic = name.stripDialect();
    auto [base, number] = mnemonic.rsplit("_v");
    int n = 0;
    ASSERT_FALSE(number.getAsInteger(10, n)) << mnemonic.str();
    Version min = versioned->getMinVersion(), max = versioned->getMaxVersion();
    EXPECT_LE(min, max) << mnemonic.str();
    EXPECT_GE(min, Version::minimum()) << mnemonic.str();
    byOp[base.str()].emplace(n, std::make_pair(min, max));
  }
  ASSERT_GT(byOp.size(), 100u);
  for (const auto &[op, versions] : byOp) {
    EXPECT_EQ(versions.rbegin()->second.second, Version::current()) << op;
    int expected = 1;
    const Version *previousMax = nullptr;
    for (const auto &[n, range] : versions) {
      EXPECT_EQ(n, expected++) << op;
      if (previousMax)
        EXPECT_LT(*previousMax, range.first) << op << "_v" << n;
      previousMax = &range.second;
    }
  }
}

} // namespace

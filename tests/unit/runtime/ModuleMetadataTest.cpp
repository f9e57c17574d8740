//===- ModuleMetadataTest.cpp - The text an AOT module carries ------------===//

#include "runtime/ModuleMetadata.h"

#include <gtest/gtest.h>

using oxla::rt::ModuleMetadata;
using oxla::rt::CheckDescription;

TEST(ModuleMetadata, RoundTrips) {
  ModuleMetadata metadata;
  metadata.entries.push_back({"main", {"2x3xf32", "f32"}, {"2x3xi1"}});
  metadata.checks.push_back({"close", "check.expect_close", "a b.mlir:3:5", 3, 0, 0});
  metadata.checks.push_back({"almost_eq", "check.eq", "x.mlir:1:1", 0, 0, 1e-4});
  metadata.checks.push_back({"shape_assertion", "shape_assertion", "p.mlir:5:3", 0, 0, 0});
  metadata.checks.back().message = "Expected 'a' >= {0}\nfound \\ {1}";
  ModuleMetadata parsed;
  std::string error;
  ASSERT_TRUE(ModuleMetadata::parse(metadata.serialize(), parsed, error)) << error;
  ASSERT_EQ(parsed.entries.size(), 1u);
  EXPECT_EQ(parsed.entries[0].name, "main");
  EXPECT_EQ(parsed.entries[0].arguments, metadata.entries[0].arguments);
  EXPECT_EQ(parsed.entries[0].results, metadata.entries[0].results);
  ASSERT_EQ(parsed.checks.size(), 3u);
  // A location with spaces survives: it is the last field of its line.
  EXPECT_EQ(parsed.checks[0].location, "a b.mlir:3:5");
  EXPECT_EQ(parsed.checks[0].maxUlp, 3u);
  EXPECT_EQ(parsed.checks[1].tolerance, 1e-4);
  // A shape assertion's message, newlines and backslashes included.
  EXPECT_EQ(parsed.checks[2].message, metadata.checks[2].message);
  EXPECT_EQ(parsed.checks[1].message, "");
}

TEST(ModuleMetadata, RoundTripsTheBufferPlan) {
  ModuleMetadata metadata;
  metadata.entries.push_back({"main", {"4xf32"}, {"4xf32"}});
  oxla::rt::EntryMemoryPlan &plan = metadata.entries[0].memory;
  plan.known = true;
  plan.arenaBytes = 4160;
  plan.livePeakBytes = 4100;
  plan.planned = 2;
  plan.unplanned = 3;
  plan.unplannedBytes = 96;
  plan.dynamic = 1;
  plan.atPeak.push_back({4096, 0, "memref<1024xf32>", "a b.py:3:7"});
  ModuleMetadata parsed;
  std::string error;
  ASSERT_TRUE(ModuleMetadata::parse(metadata.serialize(), parsed, error)) << error;
  const oxla::rt::EntryMemoryPlan &read = parsed.entries[0].memory;
  EXPECT_TRUE(read.known);
  EXPECT_EQ(read.arenaBytes, 4160u);
  EXPECT_EQ(read.livePeakBytes, 4100u);
  EXPECT_EQ(read.planned, 2u);
  EXPECT_EQ(read.unplanned, 3u);
  EXPECT_EQ(read.unplannedBytes, 96u);
  EXPECT_EQ(read.dynamic, 1u);
  ASSERT_EQ(read.atPeak.size(), 1u);
  EXPECT_EQ(read.atPeak[0].bytes, 4096u);
  EXPECT_EQ(read.atPeak[0].type, "memref<1024xf32>");
  EXPECT_EQ(read.atPeak[0].location, "a b.py:3:7");
  EXPECT_FALSE(ModuleMetadata::parse("oxla-module 1\nmemory_plan 1 2 3\n", parsed, error));
  EXPECT_FALSE(ModuleMetadata::parse("oxla-module 1\nentry m\nmemory_at_peak 1 2 t\n",
                                     parsed, error));
}

TEST(ModuleMetadata, RoundTripsDonations) {
  ModuleMetadata metadata;
  metadata.entries.push_back({"main", {"4xf32", "8xf32"}, {"8xf32", "4xf32"}});
  metadata.entries[0].donations.push_back({1, 0, false});
  metadata.entries[0].donations.push_back({0, 1, true});
  ModuleMetadata parsed;
  std::string error;
  ASSERT_TRUE(ModuleMetadata::parse(metadata.serialize(), parsed, error)) << error;
  const std::vector<oxla::rt::Donation> &read = parsed.entries[0].donations;
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[0].argument, 1u);
  EXPECT_EQ(read[0].result, 0u);
  EXPECT_FALSE(read[0].copied);
  EXPECT_EQ(read[1].argument, 0u);
  EXPECT_EQ(read[1].result, 1u);
  EXPECT_TRUE(read[1].copied);
  // Outside an entry, or naming an argument or result it does not have.
  EXPECT_FALSE(ModuleMetadata::parse("oxla-module 1\ndonation 0 0 0\n", parsed, error));
  EXPECT_FALSE(ModuleMetadata::parse(
      "oxla-module 1\nentry m\nargument f32\nresult f32\ndonation 1 0 0\n", parsed, error));
  EXPECT_FALSE(ModuleMetadata::parse(
      "oxla-module 1\nentry m\nargument f32\nresult f32\ndonation 0 0\n", parsed, error));
  EXPECT_TRUE(ModuleMetadata::parse(
      "oxla-module 1\nentry m\nargument f32\nresult f32\ndonation 0 0 1\n", parsed, error))
      << error;
}

TEST(ModuleMetadata, RejectsMalformedText) {
  ModuleMetadata parsed;
  std::string error;
  EXPECT_FALSE(ModuleMetadata::parse("", parsed, error));
  EXPECT_FALSE(ModuleMetadata::parse("oxla-module 2\n", parsed, error));
  EXPECT_FALSE(ModuleMetadata::parse("oxla-module 1\nargument f32\n", parsed, error));
  EXPECT_NE(error.find("line 2"), std::string::npos);
  EXPECT_FALSE(ModuleMetadata::parse("oxla-module 1\ncheck close x\n", parsed, error));
  EXPECT_FALSE(ModuleMetadata::parse("oxla-module 1\nfrobnicate\n", parsed, error));
}

TEST(ModuleMetadata, CustomCallsRoundTrip) {
  ModuleMetadata metadata;
  metadata.customCalls.push_back(
      {"my kernel", {"4xf32", "2x3xi32"}, {"i32"}, "{\n  \"path\": \"C:\\\\x\"\n}", ""});
  metadata.customCalls.push_back({"side.effect", {"3xui8"}, {}, "", ""});
  metadata.customCalls.push_back({"lapack_spotrf_ffi", {"3x3xf32"}, {"3x3xf32", "i32"}, "",
                                  "api 1 attr uplo i 76 operand_layouts 1 0,1"});
  ModuleMetadata parsed;
  std::string error;
  ASSERT_TRUE(ModuleMetadata::parse(metadata.serialize(), parsed, error)) << error;
  ASSERT_EQ(parsed.customCalls.size(), 3u);
  // Targets and configurations with spaces, newlines and backslashes survive.
  EXPECT_EQ(parsed.customCalls[0].target, "my kernel");
  EXPECT_EQ(parsed.customCalls[0].operands, metadata.customCalls[0].operands);
  EXPECT_EQ(parsed.customCalls[0].results, metadata.customCalls[0].results);
  EXPECT_EQ(parsed.customCalls[0].backendConfig, metadata.customCalls[0].backendConfig);
  EXPECT_EQ(parsed.customCalls[1].target, "side.effect");
  EXPECT_TRUE(parsed.customCalls[1].results.empty());
  EXPECT_EQ(parsed.customCalls[1].backendConfig, "");
  EXPECT_EQ(parsed.customCalls[1].attributes, "");
  // What XLA's CPU kernels read.
  EXPECT_EQ(parsed.customCalls[2].attributes, metadata.customCalls[2].attributes);
  EXPECT_FALSE(
      ModuleMetadata::parse("oxla-module 1\ncustom_call_operand f32\n", parsed, error));
  EXPECT_NE(error.find("outside a custom_call"), std::string::npos);
}

TEST(ModuleMetadata, LeadingWhitespaceRoundTrips) {
  // The reader skips the whitespace after a keyword; text that starts with
  // some keeps it behind a backslash (found by the metadata fuzzer).
  ModuleMetadata metadata;
  CheckDescription check;
  check.kind = "eq";
  check.op = "check.expect_eq";
  check.location = "f.mlir:1:1";
  check.message = " \tstarts with blanks";
  check.iteration = 3; // kept without a probe id too
  metadata.checks.push_back(check);
  metadata.customCalls.push_back({"  padded", {}, {}, " {}", ""});
  ModuleMetadata parsed;
  std::string error;
  ASSERT_TRUE(ModuleMetadata::parse(metadata.serialize(), parsed, error)) << error;
  ASSERT_EQ(parsed.checks.size(), 1u);
  EXPECT_EQ(parsed.checks[0].message, " \tstarts with blanks");
  EXPECT_EQ(parsed.checks[0].iteration, 3u);
  ASSERT_EQ(parsed.customCalls.size(), 1u);
  EXPECT_EQ(parsed.customCalls[0].target, "  padded");
  EXPECT_EQ(parsed.customCalls[0].backendConfig, " {}");
  EXPECT_EQ(parsed.serialize(), metadata.serialize());
}

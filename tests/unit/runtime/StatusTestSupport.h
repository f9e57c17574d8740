//===- StatusTestSupport.h - Statuses of the C API in unit tests ----------===//
//
// What the C API's tests do with the statuses they get back: fail with the
// message unless OK, or read the code and message and free the status.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_TESTS_UNIT_RUNTIME_STATUSTESTSUPPORT_H
#define OXLA_TESTS_UNIT_RUNTIME_STATUSTESTSUPPORT_H

#include "oxla/runtime.h"

#include <gtest/gtest.h>

#include <string>

/// Takes a status; the test fails with its message if it is not OK.
#define ASSERT_OK(expr)                                                        \
  do {                                                                         \
    oxla_status *status_ = (expr);                                             \
    std::string message_ = oxla_status_get_message(status_);                   \
    oxla_status_free(status_);                                                 \
    ASSERT_EQ(status_, nullptr) << message_;                                   \
  } while (0)

/// The code and message of a status (OXLA_OK and "" for none), which it frees.
struct Outcome {
  oxla_status_code code;
  std::string message;
};
inline Outcome outcomeOf(oxla_status *status) {
  Outcome outcome{oxla_status_get_code(status), oxla_status_get_message(status)};
  oxla_status_free(status);
  return outcome;
}

#endif // OXLA_TESTS_UNIT_RUNTIME_STATUSTESTSUPPORT_H

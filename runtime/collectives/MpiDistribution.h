//===- MpiDistribution.h - Devices in several processes (Open MPI) --------===//
//
// `mpirun -np P oxla-run FILE --distributed [--devices-per-process K]`: the
// grid's P * K devices run K per process (rank r runs devices r*K ..
// r*K+K-1, on threads). Collectives between processes go through MPI: the
// first device of each process gathers its process's operands and exchanges
// them with the other processes (MPI_Allgather), then every device takes
// what its group or source sent. After a run every device's results are
// broadcast from the process that ran it, so every process holds the global
// results (rank 0 prints them).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_COLLECTIVES_MPIDISTRIBUTION_H
#define OXLA_RUNTIME_COLLECTIVES_MPIDISTRIBUTION_H

#include "runtime/collectives/Collectives.h"

namespace oxla::rt::collectives {

/// Initializes MPI (MPI_THREAD_SERIALIZED: one thread at a time calls MPI)
/// and returns this process's distribution; null with `error` set when MPI
/// cannot start. MPI is finalized when the result is destroyed.
std::unique_ptr<Distribution> createMpiDistribution(int64_t devicesPerProcess,
                                                    std::string &error);

} // namespace oxla::rt::collectives

#endif // OXLA_RUNTIME_COLLECTIVES_MPIDISTRIBUTION_H

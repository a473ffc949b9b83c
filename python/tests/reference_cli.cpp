// The independent reference models (tests/support/l1_reference.h for aclnnL1LossBackward,
// tests/support/loss_grad_reference.h for aclnnMseLossBackward and aclnnSmoothL1LossBackward) as a batch
// executable for the Python tests (python/tests/test_api.py, test_losses.py): it shares no code with src/ and
// with the Python package.
//
// Reads one case per line from stdin:
//   [OP] PROFILE REDUCTION OUT_DTYPE  {DTYPE SHAPE STRIDES OFFSET STORAGE_FILE} x3 (gradOutput, self, target)  OUT_FILE
// OP is "l1" (the default when absent), "mse", or "smooth_l1:BETA" with BETA a float32 value written in C's
// hexadecimal floating notation (e.g. 0x1p-1), so that it is read exactly.
// dtypes are aclDataType codes; SHAPE and STRIDES are comma-separated element counts or "-" for 0-d; OFFSET in
// elements; STORAGE_FILE holds the tensor's storage (its element count is the file size / item size). Writes
// gradInput (C-contiguous, broadcast shape) to OUT_FILE and prints one line per case: the model's status
// (0, 161001 or 161002) and, when it rejects, the rule. Exit status 2 on a malformed line.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "support/l1_reference.h"
#include "support/loss_grad_reference.h"

namespace {

std::vector<int64_t> ParseList(const std::string& s) {
    std::vector<int64_t> r;
    if (s == "-") return r;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, ',')) r.push_back(std::stoll(item));
    return r;
}

}  // namespace

int main() {
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.empty()) continue;
        std::istringstream in(line);
        std::string prof_key, out_path;
        int64_t reduction = 0;
        int out_dt = 0;
        in >> prof_key;
        std::string op = "l1";
        float beta = 0;
        if (prof_key == "l1" || prof_key == "mse" || prof_key.rfind("smooth_l1:", 0) == 0) {
            op = prof_key.substr(0, prof_key.find(':'));
            if (op == "smooth_l1") beta = std::strtof(prof_key.c_str() + 10, nullptr);
            in >> prof_key;
        }
        in >> reduction >> out_dt;
        l1ref::View v[3];
        std::vector<uint8_t> bytes[3];
        for (int i = 0; i < 3; ++i) {
            std::string shape, strides, path;
            in >> v[i].dtype >> shape >> strides >> v[i].offset >> path;
            v[i].shape = ParseList(shape);
            v[i].strides = ParseList(strides);
            std::ifstream f(path, std::ios::binary);
            bytes[i].assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
            v[i].storage = {static_cast<int64_t>(bytes[i].size() / l1ref::DtSize(v[i].dtype))};
            v[i].data = bytes[i].data();
        }
        in >> out_path;
        if (!in) {
            std::cerr << "malformed line: " << line << "\n";
            return 2;
        }
        l1ref::Profile prof = l1ref::Profile::kAscend950;
        for (l1ref::Profile p : l1ref::kAllProfiles) {
            if (prof_key == l1ref::ProfileKey(p)) prof = p;
        }
        std::vector<int64_t> b1, b;
        l1ref::View out;
        out.dtype = out_dt;
        if (l1ref::BroadcastShapes(v[1].shape, v[0].shape, &b1) && l1ref::BroadcastShapes(v[2].shape, b1, &b)) {
            out.shape = b;
        }
        out.strides.assign(out.shape.size(), 1);
        for (size_t k = out.shape.size(); k-- > 1;) out.strides[k - 1] = out.strides[k] * out.shape[k];
        out.storage = {l1ref::NumelOf(out.shape)};
        std::vector<uint8_t> result(static_cast<size_t>(l1ref::NumelOf(out.shape)) * l1ref::DtSize(out_dt));
        out.data = result.data();
        l1ref::Decision d;
        if (op == "l1") {
            d = l1ref::Decide(prof, v[0], v[1], v[2], reduction, out);
            l1ref::Compute(prof, d, v[0], v[1], v[2], out, result.data());
        } else {
            const bool mse = op == "mse";
            const lossref::LossDecision ld =
                mse ? lossref::DecideMse(prof, v[0], v[1], v[2], reduction, out)
                    : lossref::DecideSmoothL1(prof, v[0], v[1], v[2], reduction, beta, out);
            lossref::Compute(mse ? lossref::Op::kMse : lossref::Op::kSmoothL1, prof, ld, beta, v[0], v[1], v[2], out,
                             result.data());
            d = ld.d;
        }
        std::ofstream(out_path, std::ios::binary)
            .write(reinterpret_cast<const char*>(result.data()), static_cast<std::streamsize>(result.size()));
        std::cout << d.status << (d.status != 0 ? " " + d.why : std::string()) << "\n";
    }
    return 0;
}

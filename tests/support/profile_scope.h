// Switching the runtime's product profile inside a test (aclFinalize, then aclInit with a config naming the
// profile's "soc_version"), for the suites that sweep every profile.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "acl/acl.h"
#include "support/l1_reference.h"

namespace aclcpu_test {

/// Re-initialises the runtime with soc_version = p (aclInit config) and binds device 0; false when the runtime
/// did not take it (the SoC name it reports maps to another profile).
inline bool SwitchProfile(l1ref::Profile p) {
    aclrtResetDevice(0);
    if (aclFinalize() != ACL_SUCCESS) return false;
    const std::string path = "/tmp/aclcpu_profile_" + std::to_string(getpid()) + "_" + l1ref::ProfileKey(p) + ".json";
    {
        std::ofstream f(path);
        f << "{\"soc_version\": \"" << l1ref::ProfileKey(p) << "\"}\n";
    }
    const int rc = aclInit(path.c_str());
    std::remove(path.c_str());
    if (rc != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) return false;
    return l1ref::ProfileFromSocName(aclrtGetSocName()) == p;
}

/// Switches to a profile for the scope; restores the default runtime (aclInit(nullptr)) at the end.
class ProfileScope {
public:
    explicit ProfileScope(l1ref::Profile p) : ok_(SwitchProfile(p)) {}
    ~ProfileScope() {
        aclrtResetDevice(0);
        aclFinalize();
        aclInit(nullptr);
        aclrtSetDevice(0);
    }
    ProfileScope(const ProfileScope&) = delete;
    ProfileScope& operator=(const ProfileScope&) = delete;
    bool ok() const { return ok_; }

private:
    bool ok_;
};

}  // namespace aclcpu_test

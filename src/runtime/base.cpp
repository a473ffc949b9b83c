// Pure helpers of acl_base.h: aclFloat16 conversions with CANN's saturation, aclDataTypeSize, aclAppLog.
#include <cstdarg>

#include "common/half.h"
#include "common/status.h"
#include "tensor/dtype.h"

using namespace aclcpu;

extern "C" {

float aclFloat16ToFloat(aclFloat16 value) {
    const uint16_t abs = value & 0x7FFFu;
    if (abs == 0x7C00u) return (value & 0x8000u) ? -65536.0f : 65536.0f;  // CANN maps +-inf to +-2^16
    if (abs > 0x7C00u) return 98304.0f;                                    // and NaN to 1.5 * 2^16
    return HalfToFloat(value);
}

aclFloat16 aclFloatToFloat16(float value) {
    const uint32_t u = FloatBits(value);
    const uint32_t abs = u & 0x7FFFFFFFu;
    if (abs > 0x7F800000u) return 0x7BFFu;  // NaN -> 65504
    const uint16_t h = FloatToHalf(value);
    if ((h & 0x7FFFu) == 0x7C00u) return static_cast<aclFloat16>((h & 0x8000u) | 0x7BFFu);  // saturate +-65504
    return h;
}

size_t aclDataTypeSize(aclDataType dataType) {
    const int raw = RawEnum(dataType);  // any int from a C caller; only enumerator-range values are cast
    if (raw < ACL_DT_UNDEFINED || raw > ACL_FLOAT4_E1M2) return 0;
    return ItemSize(static_cast<aclDataType>(raw));
}

void aclAppLog(aclLogLevel logLevel, const char* func, const char* file, uint32_t line, const char* fmt, ...) {
    if (fmt == nullptr) return;
    int lv = RawEnum(logLevel);
    if (lv < 0 || lv > 3) lv = 3;
    std::string body;
    {
        va_list args;
        va_start(args, fmt);
        char buf[1024];
        std::vsnprintf(buf, sizeof buf, fmt, args);
        va_end(args);
        body = buf;
    }
    Log(static_cast<LogLevel>(lv), "%s:%u %s] %s", file != nullptr ? file : "?", line, func != nullptr ? func : "?",
        body.c_str());
}

}  // extern "C"

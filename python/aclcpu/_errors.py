"""The exception raised by every aclcpu function."""


class AclnnError(ValueError):
    """A call the library (or this package's argument checks) rejected.

    Attributes:
        status: the aclnnStatus / aclError code, e.g. 161002 (ACLNN_ERR_PARAM_INVALID), 161001
            (ACLNN_ERR_PARAM_NULLPTR), 100008 (unknown product profile); SPEC 4 and README's status tables.
        message: the library's message (aclGetRecentErrMsg) or this package's, one sentence.
    """

    def __init__(self, status, message):
        super().__init__(f"{message} (status {status})")
        self.status = int(status)
        self.message = str(message)

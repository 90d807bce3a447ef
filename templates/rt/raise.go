package rt

// UserRaisedException is the class of raise_error and of a failed
// assert_true (Spark's USER_RAISED_EXCEPTION, SQLSTATE P0001).
const UserRaisedException = "USER_RAISED_EXCEPTION"

// RaiseError is raise_error's kernel: it fails on every row it runs on,
// with the message msg as the error's whole text. Its string result is
// never a value; the binder gives the call the type its context asks for
// (a CAST of this result, which keeps the error).
func RaiseError(msg string) (string, *Error) {
	return "", NewError(UserRaisedException, msg)
}

-- The channel a referral link was shared through (issue 34): the `c` of `?r=CODE&c=wa`, one of
-- wa, fb, x, email, sms, copy; NULL when the link carried none (links shared before, or typed).
-- The admin console counts credited referrals by it.
ALTER TABLE referrals ADD COLUMN channel TEXT;

"""Every length and numeric bound, declared once. The store's columns and the API's request models are both
derived from these, so a value that passes validation always fits its column (no 500 for long text)."""

from __future__ import annotations

# Accounts
EMAIL_MAX = 320  # RFC 5321: 64 local + @ + 255 domain
USERNAME_MAX = 30
PERSON_NAME_MAX = 100
PASSWORD_MAX = 200  # input; argon2 hashes any length, a bound keeps hashing cheap for hostile input
PASSWORD_HASH_MAX = 200
LOCALE_MAX = 8
FINGERPRINT_MAX = 200
# A token a caller sends back (mailed one-time token, refresh token); Sellflow's own are 43 characters.
TOKEN_MAX = 200
TOKEN_HASH_LEN = 64

# Catalog
PRODUCT_NAME_MAX = 300
PRODUCT_DESCRIPTION_MAX = 20_000
SLUG_MAX = 120
PLAN_NAME_MAX = 200
FILE_NAME_MAX = 255
CONTENT_TYPE_MAX = 100
ACCESS_PASSWORD_MAX = 200
URL_MAX = 2000  # a delivery link
DELIVERY_TEXT_MAX = 5000  # what a digital or service product shows the buyer once paid

# Seller profile, bank accounts, documents, legitimation
PROFILE_TEXT_MAX = 300  # core §9 "default text-field length limit 300"
PHONE_MAX = 30
ZIP_MAX = 20
STREET_NUMBER_MAX = 20
TAX_NUMBER_MAX = 40
VAT_ID_MAX = 20
IBAN_MAX = 42  # 34 characters plus the spaces of the printed form
BIC_MAX = 11
ACCOUNT_HOLDER_MAX = 200
BENEFICIAL_OWNERS_MAX = 10
KYC_REASON_MAX = 1000
DECISION_REASON_MAX = 1000

# Orders and providers
ORDER_TOKEN_MAX = 40
COUNTRY_CODE_LEN = 2
CURRENCY_LEN = 3
PROVIDER_ID_MAX = 100  # ids of the payment provider's objects (pm_…, pi_…, cus_…, evt_…)
IDEMPOTENCY_KEY_MAX = 160
SEARCH_MAX = 200  # a list's free-text query
MAIL_SUBJECT_MAX = 300  # longer subjects (a long product name) are shortened with an ellipsis

# Amounts in minor units (a bigint column; far above any real price).
AMOUNT_MAX = 10**12

# Numbers: ids and page numbers are PostgreSQL bigints.
ID_MAX = 2**63 - 1

# Invoices: a corrected invoice's buyer block.
INVOICE_LINE_MAX = 200
INVOICE_BUYER_LINES_MAX = 6

# Recurring plans.
PAYMENTS_COUNT_MAX = 120  # ten years of monthly rates
TEST_DAYS_MAX = 365
